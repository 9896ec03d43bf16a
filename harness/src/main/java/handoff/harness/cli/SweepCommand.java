package handoff.harness.cli;

import handoff.harness.env.CpuList;
import handoff.harness.env.Machine;
import handoff.harness.env.Preflight;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.RunFolder;
import handoff.harness.results.WriteFailed;
import handoff.harness.rtt.RttMessages;
import handoff.harness.sweep.Git;
import handoff.harness.sweep.Manifest;
import handoff.harness.sweep.PlanCheck;
import handoff.harness.sweep.Sweep;
import handoff.harness.trial.Gc;
import handoff.harness.trial.Jdk;
import handoff.harness.trial.Profile;
import handoff.harness.trial.RuntimeAxes;
import handoff.harness.trial.ThreadKind;
import handoff.harness.suites.Suites;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.Workers;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Plans and runs a sweep into {@code <out>/<run-id>/}. Every option is validated before anything is
 * created: bad input gets one line naming the value and what is allowed, exit code 2, and no folder.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, description = "Run a sweep of trials into a new run folder.")
public final class SweepCommand implements Callable<Integer> {
    @Option(names = "--profile", defaultValue = "quick", description = "smoke, quick (default) or full")
    String profile;
    @Option(names = "--suites", description = "comma list; default all: ${COMPLETION-CANDIDATES}")
    String suites;
    @Option(names = "--transports", description = "comma list of transport ids; default all")
    String transports;
    @Option(names = "--producers", description = "comma list of producer counts, each 1..64")
    String producers;
    @Option(names = "--bursts", description = "comma list of RTT burst lengths, each 1..65536")
    String bursts;
    @Option(names = "--wait", description = "comma list of wait strategies: spin, yield, park, block")
    String waits;
    @Option(names = "--capacity", defaultValue = "1024", description = "capacity of every queue/ring; a power of two, 2..65536")
    String capacity;
    @Option(names = "--rate", description = "fixed offered load for the latency suite, events/s: 100..1e7 in quick (smoke 250..2.5e7, full 10..1e6); default: fractions of measured saturation")
    String rate;
    @Option(names = "--work", defaultValue = "1", description = "stage work factor, 1..100")
    String work;
    @Option(names = "--workers", description = "comma list of workers per pipeline stage, each N or A:B:C (parse:enrich:aggregate), e.g. 1,4:4:2; default: the profile's")
    String workers;
    @Option(names = "--forks", description = "JVMs per configuration, 1..20 (default: the profile's)")
    String forks;
    @Option(names = "--cpus", description = "CPUs to pin to, e.g. 2-7 or 2,4,6")
    String cpus;
    @Option(names = "--oversubscribe", description = "run busy-waiting trials even with more threads than CPUs")
    boolean oversubscribe;
    @Option(names = "--out", defaultValue = "results", description = "folder that receives the run folder")
    Path out;
    @Option(names = "--resume", description = "finish an interrupted run folder")
    Path resume;
    @Option(names = "--quiet", description = "no per-trial lines")
    boolean quiet;
    @Option(names = "--dry-run", description = "validate and print the plan, run nothing, write nothing")
    boolean dryRun;
    @Option(names = "--trial-timeout", description = "seconds before the watchdog stops a trial, 1..86400 (default: 4x its estimate, at least 60)")
    String trialTimeout;
    @Option(names = "--hlog-interval-ms", description = "interval of the latency trials' interval logs (hlog/*.hlog) in ms, 10..60000 (default 100; full: 1000)")
    String hlogIntervalMs;
    @Option(names = "--profiler", description = "attach a profiler to the JMH suites: none (default), async (async-profiler flame graph per row), jfr (a JFR recording per row)")
    String profiler;
    @Option(names = "--rtt-messages", defaultValue = "pooled", description = "what RTT producers send: pooled (pre-made messages, as the published harness; default) or allocated (one per send)")
    String rttMessages;
    @Option(names = "--consume", description = "comma list of how the pipeline's queue stages take events: one (a poll per event), batch (drainTo/drain); default: the profile's (quick adds batch rows at park)")
    String consume;
    @Option(names = "--jdk", description = "comma list of JDKs to run every trial on: homes, or names under /usr/lib/jvm (17, 25, temurin-25-jdk-amd64); default: the JDK running the harness")
    String jdks;
    @Option(names = "--gc", description = "comma list of collectors: g1, parallel, zgc (generational where the JDK has it), shenandoah (n/a where the JDK lacks it); default: the JVM's own")
    String gcs;
    @Option(names = "--threads", description = "comma list of stage/consumer thread kinds: platform, virtual (JDK 21+; block/native waits only); default: platform")
    String threadKinds;
    @Option(names = "--run-dir-file", hidden = true, description = "write the run folder's path here (for run-bench.sh)")
    Path runDirFile;
    @Option(names = "--command-line", hidden = true, description = "the user's command, for the manifest")
    String commandLine;
    @Option(names = "--fault", hidden = true, description = "test-only fault injection: die, hang, throw, lose")
    String fault;
    @Spec
    CommandSpec spec;

    /** What {@code --resume} takes besides the folder: the plan itself is the run's own, from sweep.properties. */
    private static final Set<String> RESUME_OPTIONS = Set.of("--resume", "--quiet", "--dry-run", "--run-dir-file", "--command-line");

    @Override
    public Integer call() throws IOException {
        Machine machine = Machine.probe();
        if (resume != null) {
            return resume(machine);
        }
        SweepPlan plan = plan(machine);
        List<String> faults = fault == null ? List.of() : List.of(fault.split(","));
        if (dryRun) {
            Sweep.trials(plan).forEach(t -> System.out.println(t));
            System.out.println("# " + Sweep.eta(plan, History.of(plan, out, null, machine)));
            return 0;
        }
        Git git = Git.probe();
        String runId = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(ZonedDateTime.now(ZoneOffset.UTC)) + "-" + git.shortCommit();
        Path dir = out.resolve(runId);
        for (int i = 2; Files.exists(dir); i++) {
            dir = out.resolve(runId + "-" + i);
        }
        RunFolder run = new RunFolder(dir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new WriteFailed(dir, e);
        }
        AtomicFiles.write(dir.resolve(RunFolder.SWEEP), RunFolder.toProperties(options()));
        List<String> warnings = Preflight.warnings(machine, plan.cpus(), plan.pinned(), Sweep.maxThreads(plan));
        String pinning = plan.pinned() ? "threads placed by role on CPUs " + SweepPlan.join(plan.cpus())
                + " (producers from the front, consumers from the back)" : "none (--cpus not given)";
        Manifest manifest = Manifest.create(run, dir.getFileName().toString(), git,
                commandLine == null ? "handoff sweep" : commandLine, describe(plan), machine, warnings, pinning);
        System.out.println("run folder: " + dir);
        if (runDirFile != null) {
            AtomicFiles.write(runDirFile, dir.toString());
        }
        for (String w : warnings) {
            System.out.println("warning: " + w);
        }
        return new Sweep(plan, run, () -> manifest, System.out, quiet, faults).calibrated(History.of(plan, out, dir, machine)).run() ? 0 : 130;
    }

    private Integer resume(Machine machine) {
        if (!RunFolder.isRun(resume)) {
            throw new Main.BadInput("--resume " + resume + " is not a run folder (no manifest.json and sweep.properties)");
        }
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (!RESUME_OPTIONS.contains(o.longestName())) {
                throw new Main.BadInput("--resume runs the rest of " + resume + " with the options it was started with; " + o.longestName()
                        + " cannot be given with it (allowed with --resume: --quiet, --dry-run)");
            }
        }
        Map<String, String> saved = RunFolder.readProperties(resume.resolve(RunFolder.SWEEP));
        SweepCommand again = new SweepCommand();
        again.apply(saved);
        again.resume = resume;
        SweepPlan plan = again.plan(machine);
        RunFolder run = new RunFolder(resume);
        if (dryRun) {
            Sweep.trials(plan).stream().filter(t -> !run.hasTrial(t.key())).forEach(System.out::println);
            return 0;
        }
        System.out.println("resuming run folder: " + resume);
        if (runDirFile != null) {
            AtomicFiles.write(runDirFile, resume.toString());
        }
        return new Sweep(plan, run, () -> Manifest.resume(run), System.out, quiet, again.fault == null ? List.of() : List.of(again.fault.split(",")))
                .calibrated(History.of(plan, resume.toAbsolutePath().getParent(), resume.toAbsolutePath(), machine)).run() ? 0 : 130;
    }

    /** Options as given, to re-plan the identical sweep on resume. */
    Map<String, String> options() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("profile", profile);
        put(m, "suites", suites);
        put(m, "transports", transports);
        put(m, "producers", producers);
        put(m, "bursts", bursts);
        put(m, "wait", waits);
        m.put("capacity", capacity);
        put(m, "rate", rate);
        m.put("work", work);
        put(m, "workers", workers);
        put(m, "forks", forks);
        put(m, "cpus", cpus);
        m.put("oversubscribe", Boolean.toString(oversubscribe));
        put(m, "fault", fault);
        put(m, "trial_timeout", trialTimeout);
        put(m, "hlog_interval_ms", hlogIntervalMs);
        put(m, "profiler", profiler);
        m.put("rtt_messages", rttMessages);
        put(m, "consume", consume);
        put(m, "jdk", jdks);
        put(m, "gc", gcs);
        put(m, "threads", threadKinds);
        return m;
    }

    void apply(Map<String, String> m) {
        profile = m.get("profile");
        suites = m.get("suites");
        transports = m.get("transports");
        producers = m.get("producers");
        bursts = m.get("bursts");
        waits = m.get("wait");
        capacity = m.get("capacity");
        rate = m.get("rate");
        work = m.get("work");
        workers = m.get("workers");
        forks = m.get("forks");
        cpus = m.get("cpus");
        oversubscribe = Boolean.parseBoolean(m.get("oversubscribe"));
        fault = m.get("fault");
        trialTimeout = m.get("trial_timeout");
        hlogIntervalMs = m.get("hlog_interval_ms");
        profiler = m.get("profiler");
        rttMessages = m.getOrDefault("rtt_messages", "pooled");
        consume = m.get("consume");
        jdks = m.get("jdk");
        gcs = m.get("gc");
        threadKinds = m.get("threads");
    }

    private static void put(Map<String, String> m, String k, String v) {
        if (v != null) {
            m.put(k, v);
        }
    }

    /** Validates every option; throws {@link Main.BadInput} naming the first bad value. */
    SweepPlan plan(Machine machine) {
        Profile p = badInput(() -> Profile.parse(profile));
        List<String> suiteList = suites == null ? Suites.names() : list("--suites", suites, s -> Suites.get(s).name());
        List<Transport> transportList = transports == null ? List.of() : list("--transports", transports, Transports::get);
        List<Integer> producerList = producers == null ? List.of() : list("--producers", producers, OptionRanges.PRODUCERS::parse);
        List<Integer> burstList = bursts == null ? List.of() : list("--bursts", bursts, OptionRanges.BURSTS::parse);
        List<Wait> waitList = waits == null ? List.of() : list("--wait", waits, s -> {
            String allowed = "allowed: spin, yield, park, block";
            Wait w;
            try {
                w = Wait.parse(s);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown wait strategy '" + s + "'; " + allowed);
            }
            if (w == Wait.NATIVE) {
                throw new IllegalArgumentException("--wait 'native' is Flow's own hand-off and cannot be asked of other transports; " + allowed);
            }
            return w;
        });
        int cap = OptionRanges.CAPACITY.parse(capacity);
        if (Integer.bitCount(cap) != 1) {
            throw new Main.BadInput("--capacity " + capacity + " is not a power of two; allowed: " + OptionRanges.CAPACITY.allowed());
        }
        double r = rate == null ? 0 : OptionRanges.rate(rate, p);
        int w = OptionRanges.WORK.parse(work);
        List<Workers> workerList = workers == null ? List.of() : list("--workers", workers, OptionRanges::workers);
        int f = forks == null ? 0 : OptionRanges.FORKS.parse(forks);
        List<Integer> cpuList = cpus == null ? IntStream.range(0, machine.onlineCpus()).boxed().toList() : parseCpus(cpus, machine);
        if (resume == null) {
            OutFolder.checkWritable(out);
        }
        int timeout = trialTimeout == null ? 0 : OptionRanges.TRIAL_TIMEOUT.parse(trialTimeout);
        // a quick trial measures for about a second: 100 ms intervals still show its tail over time
        int hlogMs = hlogIntervalMs == null ? (p == Profile.FULL ? 1000 : 100) : OptionRanges.HLOG_INTERVAL_MS.parse(hlogIntervalMs);
        String prof = profiler == null ? "none" : profiler.trim();
        if (!SweepPlan.PROFILERS.contains(prof)) {
            throw new Main.BadInput("--profiler '" + profiler + "' is not known; allowed: " + String.join(", ", SweepPlan.PROFILERS));
        }
        String messages = badInput(() -> RttMessages.parse(rttMessages)).id();
        RuntimeAxes runtime = RuntimeOptions.parse(jdks, gcs, threadKinds, waits, waitList);
        SweepPlan plan = new SweepPlan(p, suiteList, transportList, producerList, burstList, waitList, cap, r, w, workerList, cpuList,
                cpus != null, oversubscribe, f, timeout, hlogMs, prof, messages, runtime,
                consume == null ? List.of() : list("--consume", consume, handoff.queues.Consume::parse));
        badInput(() -> {
            PlanCheck.requireWork(plan, suites != null);
            return plan;
        });
        return plan;
    }

    static List<Integer> parseCpus(String text, Machine machine) {
        List<Integer> list;
        try {
            list = CpuList.parse(text);
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput("--cpus: " + e.getMessage());
        }
        int online = machine.onlineCpus();
        for (int c : list) {
            if (c >= Math.max(online, machine.siblings().size())) {
                throw new Main.BadInput("--cpus " + text + " names CPU " + c + ", but this box has CPUs 0-" + (Math.max(online, machine.siblings().size()) - 1));
            }
        }
        return list;
    }

    /**
     * A comma list, each entry parsed; an empty entry ({@code 1,,2}, {@code ,}) or one that means the same as
     * an earlier one ({@code abq,abq}, {@code 1,1:1:1}) is bad input: it would run a configuration twice or
     * quietly drop what the user meant.
     */
    static <T> List<T> list(String option, String text, Function<String, T> parse) {
        String allowed = "; allowed: each value once, comma-separated (see --help)";
        Map<T, String> out = new LinkedHashMap<>();
        for (String s : text.split(",", -1)) {
            if (s.isBlank()) {
                throw new Main.BadInput(option + " '" + text + "' has an empty entry" + allowed);
            }
            T value = badInput(() -> parse.apply(s.trim()));
            String earlier = out.putIfAbsent(value, s.trim());
            if (earlier != null) {
                throw new Main.BadInput(option + " '" + text + "' gives " + (earlier.equals(s.trim()) ? "'" + earlier + "' twice"
                        : "'" + s.trim() + "', the same as '" + earlier + "'") + allowed);
            }
        }
        return new ArrayList<>(out.keySet());
    }

    static <T> T badInput(java.util.function.Supplier<T> f) {
        try {
            return f.get();
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput(e.getMessage());
        }
    }

    private static Map<String, Object> describe(SweepPlan plan) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("profile", plan.profile().id());
        m.put("suites", plan.suites());
        m.put("transports", plan.transportsOr(false).stream().map(Transport::id).toList());
        m.put("producers", plan.producersOr());
        m.put("bursts", plan.bursts());
        m.put("waits", plan.waits().stream().map(Wait::id).toList());
        m.put("capacity", plan.capacity());
        m.put("rate_eps", plan.rate() > 0 ? plan.rate() : "% of the slowest sustainable open-loop rate " + plan.profile().commonLoadPercents
                + ", % of own sustainable open-loop rate " + plan.profile().loadPercents);
        m.put("work", plan.work());
        m.put("workers", plan.workersOr().stream().map(Workers::id).toList());
        m.put("forks", plan.forks());
        m.put("rtt_forks", plan.forks(plan.profile().rttForks));
        m.put("rtt_messages", plan.rttMessages());
        m.put("ranking_forks", plan.forks(plan.profile().rankingForks()));
        m.put("cpus", plan.cpus());
        m.put("pinned", plan.pinned());
        m.put("oversubscribe", plan.oversubscribe());
        m.put("hlog_interval_ms", plan.hlogIntervalMs());
        m.put("profiler", plan.profiler());
        if (plan.runtime().swept()) {
            m.put("jdks", plan.runtime().jdks().stream().map(j -> j.label() + "=" + j.home() + " (" + j.version() + ")").toList());
            m.put("gcs", plan.runtime().gcs().stream().map(Gc::id).toList());
            m.put("threads", plan.runtime().threads().stream().map(ThreadKind::id).toList());
        }
        m.put("trials", Sweep.trials(plan).size());
        return m;
    }
}
