package handoff.harness.cli;

import handoff.harness.rtt.RttMessages;
import handoff.harness.suites.Suites;
import handoff.harness.sweep.PlanCheck;
import handoff.harness.sweep.Sweep;
import handoff.harness.runtime.Gc;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.runtime.ThreadKind;
import handoff.harness.trial.Workers;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static handoff.harness.cli.OptionLists.badInput;
import static handoff.harness.cli.OptionLists.list;
import static handoff.harness.cli.SweepOption.Scope.INVOCATION;
import static handoff.harness.cli.SweepOption.Scope.PLACE;
import static handoff.harness.cli.SweepOption.option;

/**
 * The options of {@code sweep}, each written once ({@link SweepOption}), in the order their values are checked (the
 * first bad one is the one reported). Adding an option = a row here: picocli and {@code sweep --help}, the check of
 * its value as typed, the plan, {@code sweep.properties}, {@code --resume} and the manifest all read this table.
 */
final class SweepOptions {
    static final List<SweepOption> ALL = List.of(
            option("--profile", "P", "the sweep's size: smoke (every suite, tiny sizes: proves the flow, its numbers are not for"
                            + " reading), quick (the study), full (the long study)", of("smoke, quick, full"), "quick", "profile",
                    (in, v) -> in.start(badInput(() -> Profile.parse(v))),
                    (p, m) -> m.put("profile", p.profile().id())).preset(p -> "quick"),
            option("--suites", "LIST", "the suites to run", of(each(String.join(", ", Suites.names()))), "all", "suites",
                    (in, v) -> in.plan().suites(v == null ? Suites.names() : list("--suites", v, s -> Suites.get(s).name())),
                    (p, m) -> m.put("suites", p.suites())),
            option("--transports", "LIST", "the transports to run (ids: java -jar harness/target/handoff.jar list)",
                    of(each(String.join(", ", Transports.ids()))), "all that each suite takes", "transports",
                    (in, v) -> in.plan().transports(v == null ? List.of() : list("--transports", v, Transports::get)),
                    (p, m) -> m.put("transports", p.transportsOr(false).stream().map(Transport::id).toList())),
            option("--producers", "LIST", "producer counts", of(each(OptionRanges.PRODUCERS.allowed())),
                    "the profile's: smoke 1; quick 1 and each of 2, 3 whose pipeline fits the CPUs; full 1 .. cores - 1", "producers",
                    (in, v) -> in.plan().producers(v == null ? List.of() : list("--producers", v, OptionRanges.PRODUCERS::parse)),
                    (p, m) -> m.put("producers", p.producersOr())),
            option("--bursts", "LIST", "RTT burst lengths", of(each(OptionRanges.BURSTS.allowed())), "the profile's", "bursts",
                    (in, v) -> in.plan().bursts(v == null ? List.of() : list("--bursts", v, OptionRanges.BURSTS::parse)),
                    (p, m) -> m.put("bursts", p.bursts())),
            option("--wait", "LIST", "wait strategies", of(each("spin, yield, park, block")), "the profile's", "wait",
                    (in, v) -> in.plan().waits(v == null ? List.of() : list("--wait", v, OptionRanges::waitStrategy)),
                    (p, m) -> m.put("waits", p.waits().stream().map(Wait::id).toList())),
            option("--capacity", "N", "capacity of every queue and ring", of("a power of two, " + OptionRanges.CAPACITY.allowed()), "1024",
                    "capacity", (in, v) -> in.plan().capacity(OptionRanges.capacity(v)),
                    (p, m) -> m.put("capacity", p.capacity())).preset(p -> "1024"),
            option("--rate", "EPS", "fixed offered load for the latency suite, events/s",
                    of(rates(Profile.QUICK) + " in quick, " + rates(Profile.SMOKE) + " in smoke, " + rates(Profile.FULL) + " in full"),
                    "fractions of the measured sustainable open-loop rates", "rate",
                    (in, v) -> in.plan().rate(v == null ? 0 : OptionRanges.rate(v, in.profile())),
                    (p, m) -> m.put("rate_eps", p.rate() > 0 ? p.rate() : "% of the slowest sustainable open-loop rate "
                            + p.profile().commonLoadPercents + ", % of own sustainable open-loop rate " + p.profile().loadPercents)),
            option("--work", "N", "stage work factor", of(OptionRanges.WORK.allowed()), "1", "work",
                    (in, v) -> in.plan().work(OptionRanges.WORK.parse(v)),
                    (p, m) -> m.put("work", p.work())).preset(p -> "1"),
            option("--workers", "LIST", "workers per pipeline stage, each N or A:B:C (parse:enrich:aggregate), e.g. 1,4:4:2",
                    of(each("N or A:B:C, each stage " + OptionRanges.STAGE_WORKERS.allowed())), "the profile's", "workers",
                    (in, v) -> in.plan().workers(v == null ? List.of() : list("--workers", v, OptionRanges::workers)),
                    (p, m) -> m.put("workers", p.workersOr().stream().map(Workers::id).toList())),
            option("--consume", "LIST", "how the pipeline's queue stages take events: one (a poll per event), batch (drainTo/drain)",
                    of(each("one, batch")), "the profile's (quick adds a batch row per queue at park; rings always batch)", "consume",
                    (in, v) -> in.plan().consume(v == null ? List.of() : list("--consume", v, handoff.queues.Consume::parse)),
                    (p, m) -> m.put("consume", p.consume().stream().map(handoff.queues.Consume::id).toList())),
            option("--forks", "N", "JVMs per configuration", of(OptionRanges.FORKS.allowed()),
                    "the profile's; further rounds as --budget allows", "forks",
                    (in, v) -> in.plan().forks(v == null ? 0 : OptionRanges.FORKS.parse(v)),
                    (p, m) -> {
                        m.put("forks", p.forks());
                        m.put("rtt_forks", p.forks(p.profile().rttForks));
                        m.put("ranking_forks", p.forks(p.profile().rankingForks()));
                    }),
            option("--cpus", "LIST", "CPUs to pin threads to, by role (producers from the front, consumers from the back)",
                    of("CPUs of this box, e.g. 2-7 or 2,4,6, each once"), "not pinned", "cpus",
                    (in, v) -> in.plan().cpus(v == null ? IntStream.range(0, in.machine.onlineCpus()).boxed().toList()
                            : SweepCommand.parseCpus(v, in.machine), v != null),
                    (p, m) -> {
                        m.put("cpus", p.cpus());
                        m.put("pinned", p.pinned());
                    }),
            option("--oversubscribe", null, "run busy-waiting trials even with more threads than CPUs", OptionValue.FLAG,
                    "off: such trials are skipped, and say so", "oversubscribe",
                    (in, v) -> in.plan().oversubscribe("true".equals(v)),
                    (p, m) -> m.put("oversubscribe", p.oversubscribe())).preset(p -> "false"),
            SweepOption.other("--out", "DIR", "folder that receives the run folder",
                    OptionValue.folder("a folder that exists or can be created, and can be written"), "results", PLACE, (in, v) -> {
                        if (!in.resume) {
                            OutFolder.checkWritable(Path.of(v == null ? "results" : v));
                        }
                    }),
            option("--trial-timeout", "S", "seconds before the watchdog stops a trial", of(OptionRanges.TRIAL_TIMEOUT.allowed()),
                    "4x its estimate, at least 60", "trial_timeout",
                    (in, v) -> in.plan().trialTimeoutSeconds(v == null ? 0 : OptionRanges.TRIAL_TIMEOUT.parse(v)), null),
            // a quick trial measures for about a second: 100 ms intervals still show its tail over time
            option("--hlog-interval-ms", "N", "interval of the latency trials' interval logs (hlog/*.hlog), ms",
                    of(OptionRanges.HLOG_INTERVAL_MS.allowed()), "100; full: 1000", "hlog_interval_ms",
                    (in, v) -> in.plan().hlogIntervalMs(OptionRanges.HLOG_INTERVAL_MS.parse(v != null ? v
                            : in.profile() == Profile.FULL ? "1000" : "100")),
                    (p, m) -> m.put("hlog_interval_ms", p.hlogIntervalMs())),
            option("--profiler", "P", "attach a profiler to the JMH suites: async (an async-profiler flame graph per row),"
                            + " jfr (a JFR recording per row)", of(String.join(", ", SweepPlan.PROFILERS)), "none", "profiler",
                    (in, v) -> in.plan().profiler(OptionRanges.profiler(v == null ? "none" : v)),
                    (p, m) -> m.put("profiler", p.profiler())),
            option("--rtt-messages", "M", "what RTT producers send: pooled (pre-made messages, as the published harness) or"
                            + " allocated (one per send)", of("pooled, allocated"), "pooled", "rtt_messages",
                    (in, v) -> in.plan().rttMessages(badInput(() -> RttMessages.parse(v)).id()),
                    (p, m) -> m.put("rtt_messages", p.rttMessages())).preset(p -> "pooled"),
            option("--jdk", "LIST", "JDKs to run every trial on",
                    of(each("JDK homes, or names under /usr/lib/jvm (17, 25, temurin-25-jdk-amd64), each starting and 17+")),
                    "the JDK running the harness", "jdk", (in, v) -> { }, // with --threads
                    (p, m) -> {
                        if (p.runtime().swept()) {
                            m.put("jdks", p.runtime().jdks().stream().map(j -> j.label() + "=" + j.home() + " (" + j.version() + ")").toList());
                        }
                    }),
            option("--gc", "LIST", "collectors: zgc is generational where the JDK has it; shenandoah is n/a where the JDK lacks it",
                    of(each("g1, parallel, zgc, shenandoah")), "the JVM's own", "gc", (in, v) -> { }, // with --threads
                    (p, m) -> {
                        if (p.runtime().swept()) {
                            m.put("gcs", p.runtime().gcs().stream().map(Gc::id).toList());
                        }
                    }),
            option("--threads", "LIST", "stage/consumer thread kinds",
                    of(each("platform, virtual (JDK 21+; block/native waits only)")), "platform", "threads",
                    (in, v) -> in.plan().runtime(RuntimeOptions.parse(in.given("--jdk"), in.given("--gc"), v, in.given("--wait"),
                            in.plan().waits())),
                    (p, m) -> {
                        if (p.runtime().swept()) {
                            m.put("threads", p.runtime().threads().stream().map(ThreadKind::id).toList());
                        }
                    }),
            option("--budget", "DURATION", "the sweep's time in all: quick's plan is taken in priority order while it fits (the rest"
                            + " deferred to full), the time left buys further rounds fixed before the first trial",
                    of(OptionRanges.BUDGET_ALLOWED), "smoke " + budget(Profile.SMOKE) + ", quick " + budget(Profile.QUICK) + ", full "
                            + budget(Profile.FULL), "budget",
                    (in, v) -> in.plan().budgetSeconds(OptionRanges.budget(v)),
                    (p, m) -> m.put("budget_s", p.budgetSeconds())).preset(SweepOptions::budget).unsaved("0"),
            option("--fault", "LIST", "(hidden) test-only fault injection", of(each("die, hang, throw, lose")), null, "fault",
                    (in, v) -> { }, null),
            SweepOption.other("--resume", "DIR", "finish an interrupted run folder with the options it was started with",
                    of("a run folder (manifest.json and sweep.properties); beside it only --quiet and --dry-run"), null, INVOCATION,
                    (in, v) -> { }),
            SweepOption.other("--quiet", null, "no per-trial lines", OptionValue.FLAG, null, INVOCATION, (in, v) -> { }),
            SweepOption.other("--dry-run", null, "validate and print the plan, run nothing, write nothing", OptionValue.FLAG, null,
                    INVOCATION, (in, v) -> { }),
            SweepOption.other("--run-dir-file", "FILE", "(hidden) write the run folder's path here (for run-bench.sh)",
                    OptionValue.file("a file that can be written"), null, INVOCATION, (in, v) -> { }),
            SweepOption.other("--command-line", "TEXT", "(hidden) the user's command, for the manifest", of("the command as typed"),
                    null, INVOCATION, (in, v) -> { }));

    private SweepOptions() {
    }

    private static String rates(Profile p) {
        return OptionRanges.compact(OptionRanges.rateMin(p)) + ".." + OptionRanges.compact(OptionRanges.rateMax(p));
    }

    private static OptionValue of(String allowed) {
        return OptionValue.of(allowed);
    }

    private static String each(String allowed) {
        return allowed + "; a comma list, each value once";
    }

    /** The profile's budget as {@code --budget} writes it. */
    static String budget(Profile p) {
        long s = p.budgetSeconds();
        return s == 0 ? "0" : s % 3600 == 0 ? s / 3600 + "h" : s % 60 == 0 ? s / 60 + "m" : s + "s";
    }

    static SweepOption get(String name) {
        return ALL.stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow();
    }

    /**
     * Checks every value, row by row, and makes the plan; throws {@link Main.BadInput} naming the first bad one.
     *
     * @param given  option name to value as given ({@code true} for a flag)
     * @param resume whether the plan is a run folder's own (its {@code --out} is not checked again)
     */
    static SweepPlan plan(Map<String, String> given, handoff.harness.env.Machine machine, boolean resume) {
        check(given);
        PlanInput in = new PlanInput(given, machine, resume);
        for (SweepOption o : ALL) {
            String v = given.get(o.name());
            if (v == null && o.preset() != null) {
                v = o.preset().apply(in.plan() == null ? Profile.QUICK : in.profile());
            }
            o.enter().accept(in, v);
        }
        SweepPlan plan = in.plan().build();
        badInput(() -> {
            PlanCheck.requireWork(plan, given.containsKey("--suites"));
            return plan;
        });
        return plan;
    }

    /**
     * Checks every value given as typed against its row's {@link OptionValue}, in the table's order, before anything
     * reads it: {@link Main.BadInput} naming the first bad one and what is allowed.
     */
    static void check(Map<String, String> given) {
        for (SweepOption o : ALL) {
            String v = given.get(o.name());
            if (v != null) {
                o.check(v);
            }
        }
    }

    /** What {@code sweep.properties} keeps: every plan option given, and each preset one's value, so a resume re-plans alike. */
    static Map<String, String> saved(Map<String, String> given) {
        Map<String, String> m = new LinkedHashMap<>();
        Profile profile = badInput(() -> Profile.parse(given.getOrDefault("--profile", "quick")));
        for (SweepOption o : ALL) {
            if (o.key() == null) {
                continue;
            }
            String v = given.containsKey(o.name()) ? given.get(o.name()) : o.preset() == null ? null : o.preset().apply(profile);
            if (v != null) {
                m.put(o.key(), v);
            }
        }
        return m;
    }

    /** The options a run folder's {@code sweep.properties} gives back; a key an older run lacks takes its {@code unsaved} value. */
    static Map<String, String> fromSaved(Map<String, String> saved) {
        Map<String, String> given = new LinkedHashMap<>();
        for (SweepOption o : ALL) {
            if (o.key() == null) {
                continue;
            }
            String v = saved.containsKey(o.key()) ? saved.get(o.key()) : o.unsaved();
            if (v != null && !(o.flag() && !"true".equals(v))) {
                given.put(o.name(), v);
            }
        }
        return given;
    }

    /** The manifest's {@code plan}: what each option made of the plan, then the trials it has. */
    static Map<String, Object> describe(SweepPlan plan) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (SweepOption o : ALL) {
            if (o.describe() != null) {
                o.describe().accept(plan, m);
            }
        }
        m.put("trials", Sweep.trials(plan).size());
        return m;
    }

    /** The options {@code --resume} may be given with. */
    static List<String> withResume() {
        return ALL.stream().filter(o -> o.scope() == INVOCATION).map(SweepOption::name).toList();
    }
}
