package handoff.harness.cli;

import handoff.harness.rtt.RttMessages;
import handoff.harness.suites.Suites;
import handoff.harness.sweep.PlanCheck;
import handoff.harness.sweep.Sweep;
import handoff.harness.trial.Gc;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.ThreadKind;
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
 * first bad one is the one reported). Adding an option = a row here (and a line in README.md's Options): picocli,
 * the plan, {@code sweep.properties}, {@code --resume} and the manifest all read this table.
 */
final class SweepOptions {
    static final List<SweepOption> ALL = List.of(
            option("--profile", "P", "smoke, quick (default) or full", "profile",
                    (in, v) -> in.start(badInput(() -> Profile.parse(v))),
                    (p, m) -> m.put("profile", p.profile().id())).preset(p -> "quick"),
            option("--suites", "LIST", "comma list; default all: " + String.join(", ", Suites.names()), "suites",
                    (in, v) -> in.plan().suites(v == null ? Suites.names() : list("--suites", v, s -> Suites.get(s).name())),
                    (p, m) -> m.put("suites", p.suites())),
            option("--transports", "LIST", "comma list of transport ids; default all", "transports",
                    (in, v) -> in.plan().transports(v == null ? List.of() : list("--transports", v, Transports::get)),
                    (p, m) -> m.put("transports", p.transportsOr(false).stream().map(Transport::id).toList())),
            option("--producers", "LIST", "comma list of producer counts, each " + span(OptionRanges.PRODUCERS), "producers",
                    (in, v) -> in.plan().producers(v == null ? List.of() : list("--producers", v, OptionRanges.PRODUCERS::parse)),
                    (p, m) -> m.put("producers", p.producersOr())),
            option("--bursts", "LIST", "comma list of RTT burst lengths, each " + span(OptionRanges.BURSTS), "bursts",
                    (in, v) -> in.plan().bursts(v == null ? List.of() : list("--bursts", v, OptionRanges.BURSTS::parse)),
                    (p, m) -> m.put("bursts", p.bursts())),
            option("--wait", "LIST", "comma list of wait strategies: spin, yield, park, block", "wait",
                    (in, v) -> in.plan().waits(v == null ? List.of() : list("--wait", v, OptionRanges::waitStrategy)),
                    (p, m) -> m.put("waits", p.waits().stream().map(Wait::id).toList())),
            option("--capacity", "N", "capacity of every queue/ring; a power of two, " + span(OptionRanges.CAPACITY) + " (default 1024)", "capacity",
                    (in, v) -> in.plan().capacity(OptionRanges.capacity(v)),
                    (p, m) -> m.put("capacity", p.capacity())).preset(p -> "1024"),
            option("--rate", "EPS", "fixed offered load for the latency suite, events/s: " + rates(Profile.QUICK) + " in quick (smoke "
                            + rates(Profile.SMOKE) + ", full " + rates(Profile.FULL) + "); default: fractions of measured saturation", "rate",
                    (in, v) -> in.plan().rate(v == null ? 0 : OptionRanges.rate(v, in.profile())),
                    (p, m) -> m.put("rate_eps", p.rate() > 0 ? p.rate() : "% of the slowest sustainable open-loop rate "
                            + p.profile().commonLoadPercents + ", % of own sustainable open-loop rate " + p.profile().loadPercents)),
            option("--work", "N", "stage work factor, " + span(OptionRanges.WORK) + " (default 1)", "work",
                    (in, v) -> in.plan().work(OptionRanges.WORK.parse(v)),
                    (p, m) -> m.put("work", p.work())).preset(p -> "1"),
            option("--workers", "LIST", "comma list of workers per pipeline stage, each N or A:B:C (parse:enrich:aggregate), e.g. 1,4:4:2;"
                            + " default: the profile's", "workers",
                    (in, v) -> in.plan().workers(v == null ? List.of() : list("--workers", v, OptionRanges::workers)),
                    (p, m) -> m.put("workers", p.workersOr().stream().map(Workers::id).toList())),
            option("--consume", "LIST", "comma list of how the pipeline's queue stages take events: one (a poll per event),"
                            + " batch (drainTo/drain); default: the profile's (quick adds a batch row per queue at park; rings always batch)",
                    "consume",
                    (in, v) -> in.plan().consume(v == null ? List.of() : list("--consume", v, handoff.queues.Consume::parse)),
                    (p, m) -> m.put("consume", p.consume().stream().map(handoff.queues.Consume::id).toList())),
            option("--forks", "N", "JVMs per configuration, " + span(OptionRanges.FORKS) + " (default: the profile's)", "forks",
                    (in, v) -> in.plan().forks(v == null ? 0 : OptionRanges.FORKS.parse(v)),
                    (p, m) -> {
                        m.put("forks", p.forks());
                        m.put("rtt_forks", p.forks(p.profile().rttForks));
                        m.put("ranking_forks", p.forks(p.profile().rankingForks()));
                    }),
            option("--cpus", "LIST", "CPUs to pin to, e.g. 2-7 or 2,4,6", "cpus",
                    (in, v) -> in.plan().cpus(v == null ? IntStream.range(0, in.machine.onlineCpus()).boxed().toList()
                            : SweepCommand.parseCpus(v, in.machine), v != null),
                    (p, m) -> {
                        m.put("cpus", p.cpus());
                        m.put("pinned", p.pinned());
                    }),
            option("--oversubscribe", null, "run busy-waiting trials even with more threads than CPUs", "oversubscribe",
                    (in, v) -> in.plan().oversubscribe("true".equals(v)),
                    (p, m) -> m.put("oversubscribe", p.oversubscribe())).preset(p -> "false"),
            SweepOption.other("--out", "DIR", "folder that receives the run folder (default results)", PLACE, (in, v) -> {
                if (!in.resume) {
                    OutFolder.checkWritable(Path.of(v == null ? "results" : v));
                }
            }),
            option("--trial-timeout", "S", "seconds before the watchdog stops a trial, " + span(OptionRanges.TRIAL_TIMEOUT)
                            + " (default: 4x its estimate, at least 60)",
                    "trial_timeout", (in, v) -> in.plan().trialTimeoutSeconds(v == null ? 0 : OptionRanges.TRIAL_TIMEOUT.parse(v)), null),
            // a quick trial measures for about a second: 100 ms intervals still show its tail over time
            option("--hlog-interval-ms", "N", "interval of the latency trials' interval logs (hlog/*.hlog) in ms, " + span(OptionRanges.HLOG_INTERVAL_MS) + " (default 100;"
                            + " full: 1000)", "hlog_interval_ms",
                    (in, v) -> in.plan().hlogIntervalMs(OptionRanges.HLOG_INTERVAL_MS.parse(v != null ? v
                            : in.profile() == Profile.FULL ? "1000" : "100")),
                    (p, m) -> m.put("hlog_interval_ms", p.hlogIntervalMs())),
            option("--profiler", "P", "attach a profiler to the JMH suites: none (default), async (async-profiler flame graph per row),"
                            + " jfr (a JFR recording per row)", "profiler",
                    (in, v) -> in.plan().profiler(OptionRanges.profiler(v == null ? "none" : v)),
                    (p, m) -> m.put("profiler", p.profiler())),
            option("--rtt-messages", "M", "what RTT producers send: pooled (pre-made messages, as the published harness; default) or"
                            + " allocated (one per send)", "rtt_messages",
                    (in, v) -> in.plan().rttMessages(badInput(() -> RttMessages.parse(v)).id()),
                    (p, m) -> m.put("rtt_messages", p.rttMessages())).preset(p -> "pooled"),
            option("--jdk", "LIST", "comma list of JDKs to run every trial on: homes, or names under /usr/lib/jvm (17, 25,"
                            + " temurin-25-jdk-amd64); default: the JDK running the harness", "jdk", (in, v) -> { }, // with --threads
                    (p, m) -> {
                        if (p.runtime().swept()) {
                            m.put("jdks", p.runtime().jdks().stream().map(j -> j.label() + "=" + j.home() + " (" + j.version() + ")").toList());
                        }
                    }),
            option("--gc", "LIST", "comma list of collectors: g1, parallel, zgc (generational where the JDK has it), shenandoah (n/a where"
                            + " the JDK lacks it); default: the JVM's own", "gc", (in, v) -> { }, // with --threads
                    (p, m) -> {
                        if (p.runtime().swept()) {
                            m.put("gcs", p.runtime().gcs().stream().map(Gc::id).toList());
                        }
                    }),
            option("--threads", "LIST", "comma list of stage/consumer thread kinds: platform, virtual (JDK 21+; block/native waits only);"
                            + " default: platform", "threads",
                    (in, v) -> in.plan().runtime(RuntimeOptions.parse(in.given("--jdk"), in.given("--gc"), v, in.given("--wait"),
                            in.plan().waits())),
                    (p, m) -> {
                        if (p.runtime().swept()) {
                            m.put("threads", p.runtime().threads().stream().map(ThreadKind::id).toList());
                        }
                    }),
            option("--budget", "DURATION", "the sweep's time in all: quick's plan is taken in priority order while it fits (the rest deferred to full), the time left buys further rounds fixed before the first trial,"
                            + " e.g. 20m, 1h: 0 (the plan's forks only) to 7d (default: smoke " + budget(Profile.SMOKE) + ", quick "
                            + budget(Profile.QUICK) + ", full " + budget(Profile.FULL) + ")", "budget",
                    (in, v) -> in.plan().budgetSeconds(OptionRanges.budget(v)),
                    (p, m) -> m.put("budget_s", p.budgetSeconds())).preset(SweepOptions::budget).unsaved("0"),
            option("--fault", "LIST", "(hidden) test-only fault injection: die, hang, throw, lose", "fault", (in, v) -> { }, null),
            SweepOption.other("--resume", "DIR", "finish an interrupted run folder", INVOCATION, (in, v) -> { }),
            SweepOption.other("--quiet", null, "no per-trial lines", INVOCATION, (in, v) -> { }),
            SweepOption.other("--dry-run", null, "validate and print the plan, run nothing, write nothing", INVOCATION, (in, v) -> { }),
            SweepOption.other("--run-dir-file", "FILE", "(hidden) write the run folder's path here (for run-bench.sh)", INVOCATION,
                    (in, v) -> { }),
            SweepOption.other("--command-line", "TEXT", "(hidden) the user's command, for the manifest", INVOCATION, (in, v) -> { }));

    private SweepOptions() {
    }

    private static String rates(Profile p) {
        return OptionRanges.compact(OptionRanges.rateMin(p)) + ".." + OptionRanges.compact(OptionRanges.rateMax(p));
    }

    private static String span(OptionRanges.Range r) {
        return r.min() + ".." + r.max();
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
