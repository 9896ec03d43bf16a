package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.rtt.RttMessages;
import handoff.harness.runtime.Collector;
import handoff.harness.runtime.ThreadKind;
import handoff.harness.suites.Suites;
import handoff.harness.sweep.PlanCheck;
import handoff.harness.sweep.Sweep;
import handoff.harness.trial.PlanKey;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.Workers;
import handoff.queues.Consume;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static handoff.harness.cli.OptionKind.each;
import static handoff.harness.cli.OptionLists.badInput;
import static handoff.harness.cli.SweepOption.Scope.INVOCATION;
import static handoff.harness.cli.SweepOption.Scope.PLACE;
import static handoff.harness.cli.SweepOption.option;

/**
 * The options of {@code sweep}, each written once ({@link SweepOption}), in the order their values are checked (the
 * first bad one is the one reported). Adding an option = a row here: picocli and {@code sweep --help}, the check of
 * its value as typed, the plan, {@code sweep.properties}, {@code --resume} and the manifest all read this table (the
 * options given are held by its rows: {@link GivenOptions}). A plan option of a common kind ({@link OptionKind}: a
 * whole number or a list of them in a range, a list of parsed values, one of some names, a duration; or a flag) is
 * one row naming its {@link PlanKey}: what is allowed, the check, the help, the default and the manifest's entry all
 * follow from the row; the code that uses the option reads
 * {@code plan.get(key)} (the plan's keys are {@link SweepPlan}'s constants, or any other {@code PlanKey.of}).
 */
final class SweepOptions {
    static final List<SweepOption> ALL = List.of(
            SweepOption.custom("--profile", "P", "the sweep's size: smoke (every suite, tiny sizes: proves the flow, its numbers are not for"
                            + " reading), quick (the study), full (the long study)", OptionValue.of("smoke, quick, full"), "quick",
                    (in, v) -> in.start(badInput(() -> Profile.parse(v))),
                    (p, m) -> m.put("profile", p.profile().id())).preset(p -> "quick"),
            option("--suites", "LIST", "the suites to run", OptionKind.list(String.join(", ", Suites.names()), s -> Suites.get(s).name(),
                    s -> s).orElse(in -> Suites.names()), "all", SweepPlan.SUITES),
            option("--transports", "LIST", "the transports to run (ids: java -jar harness/target/handoff.jar list)",
                    OptionKind.list(String.join(", ", Transports.ids()), Transports::get, Transport::id), "all that each suite takes",
                    SweepPlan.TRANSPORTS).manifest((p, m) -> m.put("transports", p.transportsOr(false).stream().map(Transport::id).toList())),
            // threads per role: more than this is a scheduler study, not a hand-off one
            option("--producers", "LIST", "producer counts", OptionKind.wholes(1, 64, "each is a thread"),
                    "the profile's: smoke 1; quick 1 and each of 2, 3 whose pipeline fits the CPUs; full 1 .. cores - 1",
                    SweepPlan.PRODUCERS).manifest((p, m) -> m.put("producers", p.producersOr())),
            // a sample is one burst: past this a quick RTT fork (0.4 s) holds too few samples to rank
            option("--bursts", "LIST", "RTT burst lengths", OptionKind.wholes(1, 65_536, "one sample is one whole burst"), "the profile's",
                    SweepPlan.BURSTS),
            option("--wait", "LIST", "wait strategies", OptionKind.list("spin, yield, park, block", OptionRanges::waitStrategy, Wait::id),
                    "the profile's", SweepPlan.WAITS),
            // every hop preallocates its slots in the trial's fixed heap, and some suites move a ring's worth per operation:
            // on the reference box 2^20 ran the fanout trials (256 MiB heap, a ring per subscriber) out of memory and the
            // disruptor suite past its watchdog; 2^16 runs every suite
            option("--capacity", "N", "capacity of every queue and ring",
                    OptionKind.powerOfTwo(2, 1 << 16, "a power of two whose slots every suite's trial heap holds"), "1024",
                    SweepPlan.CAPACITY).preset(p -> "1024"),
            option("--rate", "EPS", "fixed offered load for the latency suite, events/s",
                    OptionKind.of(rates(Profile.QUICK) + " in quick, " + rates(Profile.SMOKE) + " in smoke, " + rates(Profile.FULL) + " in full",
                            (o, v, in) -> OptionRanges.rate(v, in.profile())),
                    "fractions of the measured sustainable open-loop rates", SweepPlan.RATE)
                    .manifest((p, m) -> m.put("rate_eps", p.rate() > 0 ? p.rate() : "% of the slowest sustainable open-loop rate "
                            + p.profile().commonLoadPercents + ", % of own sustainable open-loop rate " + p.profile().loadPercents)),
            // rounds of mixing per stage and event, about 40 ns each on the reference box; the pipeline suite moves 100,000
            // events per JMH operation, so at 100 an operation takes about 0.6 s on 2 cores, and at 10,000 a smoke pipeline
            // trial did not finish one operation per iteration within its 60 s watchdog
            option("--work", "N", "stage work factor", OptionKind.whole(1, 100, "rounds of work per stage and event"), "1",
                    SweepPlan.WORK).preset(p -> "1"),
            option("--workers", "LIST", "workers per pipeline stage, each N or A:B:C (parse:enrich:aggregate), e.g. 1,4:4:2",
                    OptionKind.list("N or A:B:C, each stage " + OptionRanges.STAGE_WORKERS.allowed(), OptionRanges::workers, Workers::id),
                    "the profile's", SweepPlan.WORKERS).manifest((p, m) -> m.put("workers", p.workersOr().stream().map(Workers::id).toList())),
            option("--consume", "LIST", "how the pipeline's queue stages take events: one (a poll per event), batch (drainTo/drain)",
                    OptionKind.list("one, batch", Consume::parse, Consume::id),
                    "the profile's (quick adds a batch row per queue at park; rings always batch)", SweepPlan.CONSUME),
            // quick has about 180 configurations, so 20 forks is already many hours
            option("--forks", "N", "JVMs per configuration", OptionKind.whole(1, 20, "JVMs per configuration"),
                    "the profile's; further rounds as --budget allows", SweepPlan.FORKS).manifest((p, m) -> {
                        m.put("forks", p.forks());
                        m.put("rtt_forks", p.forks(p.profile().rttForks));
                        m.put("ranking_forks", p.forks(p.profile().rankingForks()));
                    }),
            SweepOption.custom("--cpus", "LIST", "CPUs to pin threads to, by role (producers from the front, consumers from the back)",
                    OptionValue.of("CPUs of this box, e.g. 2-7 or 2,4,6, each once"), "not pinned",
                    (in, v) -> in.plan().cpus(v == null ? IntStream.range(0, in.machine.onlineCpus()).boxed().toList()
                            : SweepCommand.parseCpus(v, in.machine), v != null),
                    (p, m) -> {
                        m.put("cpus", p.cpus());
                        m.put("pinned", p.pinned());
                    }),
            SweepOption.flag("--oversubscribe", "run busy-waiting trials even with more threads than CPUs",
                    "off: such trials are skipped, and say so", SweepPlan.OVERSUBSCRIBE).preset(p -> "false"),
            SweepOption.other("--out", "DIR", "folder that receives the run folder",
                    OptionValue.folder("a folder that exists or can be created, and can be written"), "results", PLACE, (in, v) -> {
                        if (!in.resume) {
                            OutFolder.checkWritable(Path.of(v == null ? "results" : v));
                        }
                    }),
            // one day
            option("--trial-timeout", "S", "seconds before the watchdog stops a trial", OptionKind.whole(1, 86_400, "seconds per trial"),
                    "4x its estimate, at least 60", SweepPlan.TRIAL_TIMEOUT_SECONDS).unlisted(),
            // an interval log holds one histogram per interval: below 10 ms the files grow by 100 histograms/s per trial; a
            // minute outlasts every trial's measurement. A quick trial measures for about a second: 100 ms intervals still
            // show its tail over time
            option("--hlog-interval-ms", "N", "interval of the latency trials' interval logs (hlog/*.hlog), ms",
                    OptionKind.whole(10, 60_000, "ms per interval histogram").as(Integer::longValue)
                            .orElse(in -> in.profile() == Profile.FULL ? 1000L : 100L),
                    "100; full: 1000", SweepPlan.HLOG_INTERVAL_MS),
            option("--profiler", "P", "attach a profiler to the JMH suites (a profile per row) and to the RTT and latency trials"
                    + " (a profile of each trial's measured window, profiles/<trial>/, linked from the spike list): async (an"
                    + " async-profiler flame graph), jfr (a JFR recording)", OptionKind.oneOf(SweepPlan.PROFILERS), "none", SweepPlan.PROFILER),
            option("--rtt-messages", "M", "what RTT producers send: pooled (pre-made messages, as the published harness) or"
                            + " allocated (one per send)", OptionKind.of("pooled, allocated", (o, v, in) -> RttMessages.parse(v).id()),
                    "pooled", SweepPlan.RTT_MESSAGES).preset(p -> "pooled"),
            SweepOption.custom("--jdk", "LIST", "JDKs to run every trial on",
                    OptionValue.of(each("JDK homes, or names under /usr/lib/jvm (17, 25, temurin-25-jdk-amd64), each starting and 17+")),
                    "the JDK running the harness", (in, v) -> { }, // with --threads
                    (p, m) -> {
                        if (p.runtime().swept()) {
                            m.put("jdks", p.runtime().jdks().stream().map(j -> j.label() + "=" + j.home() + " (" + j.version() + ")").toList());
                        }
                    }),
            SweepOption.custom("--gc", "LIST", "collectors: zgc is generational where the JDK has it; shenandoah is n/a where the JDK lacks it",
                    OptionValue.of(each("g1, parallel, zgc, shenandoah")), "the JVM's own", (in, v) -> { }, // with --threads
                    (p, m) -> {
                        if (p.runtime().swept()) {
                            m.put("gcs", p.runtime().gcs().stream().map(Collector::id).toList());
                        }
                    }),
            SweepOption.custom("--threads", "LIST", "stage/consumer thread kinds",
                    OptionValue.of(each("platform, virtual (JDK 21+; block/native waits only)")), "platform",
                    (in, v) -> in.plan().runtime(RuntimeOptions.parse(in.given("--jdk"), in.given("--gc"), v, in.given("--wait"),
                            in.plan().get(SweepPlan.WAITS))),
                    (p, m) -> {
                        if (p.runtime().swept()) {
                            m.put("threads", p.runtime().threads().stream().map(ThreadKind::id).toList());
                        }
                    }),
            // a week
            option("--budget", "DURATION", "the sweep's time in all: quick's plan is taken in priority order while it fits (the rest"
                            + " deferred to full), the time left buys further rounds fixed before the first trial",
                    OptionKind.duration(7 * 86_400L, "the plan's forks only", "the sweep's time in all"), "smoke " + budget(Profile.SMOKE)
                            + ", quick " + budget(Profile.QUICK) + ", full " + budget(Profile.FULL), SweepPlan.BUDGET_SECONDS)
                    .preset(SweepOptions::budget).unsaved("0"),
            SweepOption.custom("--fault", "LIST", "(hidden) test-only fault injection", OptionValue.of(each("die, hang, throw, lose")), null,
                    (in, v) -> { }, null),
            SweepOption.other("--resume", "DIR", "finish an interrupted run folder with the options it was started with",
                    OptionValue.of("a run folder (manifest.json and sweep.properties); beside it only --quiet and --dry-run"), null, INVOCATION,
                    (in, v) -> { }),
            SweepOption.other("--quiet", null, "no per-trial lines", OptionValue.FLAG, null, INVOCATION, (in, v) -> { }),
            SweepOption.other("--dry-run", null, "validate and print the plan, run nothing, write nothing", OptionValue.FLAG, null,
                    INVOCATION, (in, v) -> { }),
            SweepOption.other("--run-dir-file", "FILE", "(hidden) write the run folder's path here (for run-bench.sh)",
                    OptionValue.file("a file that can be written"), null, INVOCATION, (in, v) -> { }),
            SweepOption.other("--command-line", "TEXT", "(hidden) the user's command, for the manifest",
                    OptionValue.of("the command as typed"), null, INVOCATION, (in, v) -> { }));

    private SweepOptions() {
    }

    private static String rates(Profile p) {
        return OptionRanges.compact(OptionRanges.rateMin(p)) + ".." + OptionRanges.compact(OptionRanges.rateMax(p));
    }


    /** The profile's budget as {@code --budget} writes it. */
    static String budget(Profile p) {
        long s = p.budgetSeconds();
        return s == 0 ? "0" : s % 3600 == 0 ? s / 3600 + "h" : s % 60 == 0 ? s / 60 + "m" : s + "s";
    }

    static SweepOption get(String name) {
        return ALL.stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow();
    }

    /** {@link #describe(List, SweepPlan)} of this table. */
    static Map<String, Object> describe(SweepPlan plan) {
        return describe(ALL, plan);
    }

    /**
     * Checks every value given, row by row, and makes the plan from the rows of their table; throws
     * {@link Main.BadInput} naming the first bad one.
     *
     * @param resume whether the plan is a run folder's own (its {@code --out} is not checked again)
     */
    static SweepPlan plan(GivenOptions given, Machine machine, boolean resume) {
        given.check();
        PlanInput in = new PlanInput(given, machine, resume);
        for (SweepOption o : given.table()) {
            String v = given.text(o);
            if (v == null && o.preset() != null) {
                v = o.preset().apply(in.plan() == null ? Profile.QUICK : in.profile());
            }
            o.enter().accept(in, v);
        }
        SweepPlan plan = in.plan().build();
        badInput(() -> {
            PlanCheck.requireWork(plan, given.has("--suites"));
            return plan;
        });
        return plan;
    }

    /** The manifest's {@code plan}: what each option made of the plan, then the trials it has. */
    static Map<String, Object> describe(List<SweepOption> table, SweepPlan plan) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (SweepOption o : table) {
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
