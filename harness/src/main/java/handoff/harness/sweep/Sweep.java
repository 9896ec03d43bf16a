package handoff.harness.sweep;

import handoff.harness.report.RecordedPlan;
import handoff.harness.results.Cells;
import handoff.harness.results.RunArtefacts;
import handoff.harness.results.RunFolder;
import handoff.harness.results.TrialProperties;
import handoff.harness.results.WriteFailed;
import handoff.harness.suites.Suites;
import handoff.harness.trial.Status;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialFacts;
import handoff.harness.trial.TrialSpec;
import handoff.harness.trial.Workers;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs a plan: every trial in a fresh JVM under a watchdog, each finished trial written at once (so
 * Ctrl-C loses only the trial in flight), the suite's CSV rebuilt from all finished trials after each one,
 * progress with an ETA. Trials already in the folder are not run again: that is all {@code --resume} is.
 */
public final class Sweep {
    /** A trial may take this many times its estimate before the watchdog stops it. */
    static final double WATCHDOG_FACTOR = 4.0;
    static final long WATCHDOG_MIN_S = 60;

    private final SweepPlan plan;
    private final RunFolder run;
    private final Supplier<ManifestWriter> manifestSource;
    private ManifestWriter manifest;
    private final PrintStream out;
    private final boolean quiet;
    private final List<String> faults;
    private Calibration calibration = Calibration.model("no run history given");
    private volatile boolean stopping;
    private volatile Process child;
    /** Progress: trials done; the budget kept while running ({@link BudgetKeeper}), which knows the time left. */
    private int done;
    private BudgetKeeper keeper;
    /** Every trial of the run: the plan's, the groups the keeper runs and its further rounds (what it defers is taken out). */
    private volatile List<TrialSpec> all = List.of();
    private List<TrialSpec> given; // run instead of the plan's fit (running); null: the plan's own

    /**
     * @param manifest opened only once this sweep holds the folder's lock, so a refused resume leaves
     *                 the manifest of the sweep that holds it alone
     */
    public Sweep(SweepPlan plan, RunFolder run, Supplier<ManifestWriter> manifest, PrintStream out,
                 boolean quiet, List<String> faults) {
        this.plan = plan;
        this.run = run;
        this.manifestSource = manifest;
        this.out = out;
        this.quiet = quiet;
        this.faults = faults;
    }

    /** Every trial of the plan, suite by suite, each suite after those it needs ({@link Suites#runOrder}). */
    public static List<TrialSpec> trials(SweepPlan plan) {
        List<TrialSpec> all = new ArrayList<>();
        for (String s : Suites.runOrder(plan.suites())) {
            all.addAll(plan.runtime().expand(Suites.get(s).plan(plan)));
        }
        return all;
    }

    /** Runs these trials in this order instead of the plan's fit, no round added (two builds in one run: {@link AbPlan}). */
    public Sweep running(List<TrialSpec> trials) {
        this.given = List.copyOf(trials);
        return this;
    }

    /** The opening estimate learns from this (the most recent complete run of the profile on this machine). */
    public Sweep calibrated(Calibration c) {
        this.calibration = c;
        return this;
    }

    /**
     * What the sweep will run and its own estimate of the wall time, JVM start-up included: the trials (further rounds
     * included), then the summary lines ({@link PlanFit#summary}: what runs, what quick defers to full, the rounds, the
     * estimate and what calibrated it).
     */
    public static Planned planned(SweepPlan plan, Calibration c) {
        PlanFit.Fit fit = PlanFit.of(plan, c);
        return new Planned(fit.all(), PlanFit.summary(plan, fit, c), fit.seconds(), fit.deferred().size());
    }

    /** A plan as the sweep will run it: its trials, its summary lines, its estimate in seconds, and how many groups it defers. */
    public record Planned(List<TrialSpec> trials, List<String> summary, double seconds, int deferredGroups) {
    }

    /** The sweep's own estimate of a plan's wall time, JVM start-up included, e.g. {@code 541 trials, about 18m05s (how)}. */
    public static String eta(SweepPlan plan, Calibration c) {
        List<String> s = planned(plan, c).summary();
        return s.get(s.size() - 1);
    }

    /** Most threads any trial of the plan runs at once. */
    public static int maxThreads(SweepPlan plan) {
        return trials(plan).stream().mapToInt(t -> Suites.get(t.suite()).threads(t)).max().orElse(0);
    }

    /**
     * Runs what is missing; returns false when interrupted.
     *
     * @throws RunFolderBusy        when another sweep holds the folder (two sweeps would share the CPUs
     *                               and write the same trials)
     * @throws WriteFailed           when a file of the run could not be written: the run is marked
     *                               {@value ManifestWriter#WRITE_FAILED} (where the manifest can still be written), its
     *                               finished trials are kept, and the message says how to go on
     */
    public boolean run() {
        Path lockPath = run.dir().resolve(RunFolder.LOCK);
        try (FileChannel lockFile = FileChannel.open(lockPath,
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = tryLock(lockFile)) {
            if (lock == null) {
                throw new RunFolderBusy(run.dir());
            }
            manifest = manifestSource.get();
            return runLocked();
        } catch (WriteFailed e) {
            throw e;
        } catch (IOException e) {
            throw new WriteFailed(lockPath, e);
        }
    }

    /** Null when another sweep (another process, or this JVM) holds the folder. */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException heldHere) {
            return null;
        }
    }

    private boolean runLocked() {
        Thread hook = new Thread(this::onSignal, "sweep-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return runHooked(hook);
        } catch (WriteFailed e) {
            stopping = true; // the trial loop is over; the hook has nothing left to stop
            Runtime.getRuntime().removeShutdownHook(hook);
            throw RunWriteFailure.end(e, manifest, run);
        }
    }

    private boolean runHooked(Thread hook) {
        PlanFit.Fit fit = given == null ? PlanFit.of(plan, calibration) : PlanFit.given(given, t -> calibration.seconds(plan, t));
        keeper = new BudgetKeeper(plan, fit, run, System::nanoTime, this::say, trials -> all = trials);
        List<TrialSpec> todo = all.stream().filter(t -> !run.hasTrial(t.key())).toList();
        done = all.size() - todo.size();
        List<Object> planned = RecordedPlan.toJson(RecordedPlan.of(fit.plan()));
        manifest.fit(PlanFit.toJson(plan, fit, calibration), keeper.deferredJson(), PlanFit.roundsJson(fit, 0), planned);
        if (done > 0) {
            say("resuming: " + done + " of " + all.size() + " trials already done");
        }
        (given == null ? PlanFit.summary(plan, fit, calibration) : List.<String>of()).forEach(line -> say("plan: " + line));
        double estimate = todo.stream().mapToDouble(t -> calibration.seconds(plan, t)).sum();
        say(String.format("%d trials to run, about %s", todo.size(), ProgressText.duration(estimate)));
        boolean planRun = keeper.runPlan(spec -> !stopping && runTrial(spec, all));
        int roundsRun = stopping || !planRun ? 0 : keeper.runRounds(spec -> !stopping && runTrial(spec, all));
        manifest.fit(PlanFit.toJson(plan, fit, calibration), keeper.deferredJson(), PlanFit.roundsJson(fit, roundsRun), planned);
        for (String s : plan.suites()) {
            rebuild(Suites.get(s), all);
        }
        Counts counts = Counts.of(run, all);
        boolean complete = !stopping && counts.total() == all.size();
        manifest.timing(Timing.toJson(Timing.of(run, all)));
        manifest.finish(complete ? "complete" : "interrupted", counts);
        try { // jmh-all.json, summary.json (with the manifest), spikes.csv, latency-over-time.csv
            RunArtefacts.write(run.dir()).forEach(n -> say("note: " + n));
        } catch (WriteFailed e) {
            throw e; // the run is then write-failed, not complete: resume writes them
        } catch (RuntimeException e) {
            out.println("warning: " + e.getMessage());
        }
        if (!stopping) {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        out.println("sweep " + (complete ? "complete" : "interrupted") + ": " + counts);
        return complete;
    }

    /** Runs one trial, records it, rebuilds its suite's CSV, prints progress; false when interrupted mid-trial. */
    private boolean runTrial(TrialSpec spec, List<TrialSpec> all) {
        long t0 = System.nanoTime();
        TrialProperties.Builder result = runOne(spec);
        if (result == null) { // interrupted mid-trial: not recorded, resume will run it
            return false;
        }
        double took = (System.nanoTime() - t0) / 1e9;
        result.putNumber(Timing.WALL_S, took);
        result.putNumber(Timing.MODEL_S, Calibration.modelSeconds(plan, spec));
        run.writeTrial(spec.key(), result.build());
        rebuild(Suites.get(spec.suite()), all);
        done++;
        if (!quiet) {
            out.printf("[%d/%d] %-60s %-28s %5.1fs  ETA %s%n", done, all.size(), ProgressText.label(spec),
                    ProgressText.shorten(result.get("status")), took, ProgressText.duration(keeper.left()));
        }
        return true;
    }

    /** The result of one trial, or null when the sweep was interrupted while it ran. */
    private TrialProperties.Builder runOne(TrialSpec spec) {
        Suite suite = Suites.get(spec.suite());
        TrialProperties.Builder props = TrialProperties.builder();
        props.putAll(spec.config());
        props.putAll(spec.sizing());
        // the sizing's cpus (the CPU list the child pins to) gives way to their count
        TrialFacts.CODEC.write(TrialFacts.planned(spec, suite.threads(spec), plan.cpus().size()), props);
        Status precheck = precheck(plan, spec);
        if (precheck != null) {
            props.put("status", precheck.render());
            return props;
        }
        ChildJvm.Outcome o;
        try {
            o = ChildJvm.run(spec, suite.jvmArgs(spec), run, faults, watchdogSeconds(spec), p -> child = p);
        } catch (IOException e) {
            props.put("status", Status.failed("cannot start JVM: " + e.getMessage()).render());
            return props;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        if (stopping) {
            return null;
        }
        props.putAll(o.result());
        if (props.containsKey("status")) {
            props.put("status", Status.ofCell(props.get("status")).cellSafe().render());
        }
        return props;
    }

    /** Why a trial is not run at all ({@code n/a:<why>} or {@code skipped:<why>}), or null to run it. */
    public static Status precheck(SweepPlan plan, TrialSpec spec) {
        Status runtime = plan.runtime().notApplicable(spec, Suites.get(spec.suite()).virtualThreads());
        if (runtime != null) {
            return runtime.cellSafe();
        }
        String transportId = transportOf(spec);
        String wait = spec.config().get("wait");
        if (transportId != null && wait != null && !wait.equals("n/a")) {
            Transport t = Transports.get(transportId);
            int producers = Integer.parseInt(spec.config().getOrDefault("producers", "1"));
            String workers = spec.config().get("workers");
            String why = t.unsupported(Wait.parse(wait), producers, workers == null ? 1 : Workers.parse(workers).max());
            if (why != null) {
                return Status.notApplicable(why).cellSafe();
            }
            int threads = Suites.get(spec.suite()).threads(spec);
            int cpus = plan.cpus().size();
            if (Wait.parse(wait).burnsCpu() && threads > cpus && !plan.oversubscribe()) {
                return Status.skipped(threads + " busy-waiting threads on " + cpus + " CPUs (pass --oversubscribe to run it anyway)");
            }
        }
        return null;
    }

    /** The registered transport a trial measures, or null for one that measures none (the clock's overhead). */
    public static String transportOf(TrialSpec spec) {
        String id = spec.config().getOrDefault("transport", spec.config().get("impl"));
        return id != null && Transports.ids().contains(id) ? id : null;
    }

    private long watchdogSeconds(TrialSpec spec) {
        if (plan.trialTimeoutSeconds() > 0) {
            return plan.trialTimeoutSeconds();
        }
        return (long) Math.max(WATCHDOG_MIN_S, WATCHDOG_FACTOR * Suites.get(spec.suite()).estimateSeconds(spec));
    }

    /** Rebuilds a suite's CSV from every finished trial of the plan, in plan order. */
    private void rebuild(Suite suite, List<TrialSpec> all) {
        List<TrialProperties> trials = new ArrayList<>();
        for (TrialSpec t : all) {
            if (t.suite().equals(suite.name())) {
                run.readTrial(t.key()).ifPresent(trials::add);
            }
        }
        Refold.write(run.dir(), suite, trials);
    }

    /** Ctrl-C / SIGTERM: stop the trial in flight, keep everything finished, mark the run interrupted. */
    private void onSignal() {
        if (stopping) {
            return;
        }
        stopping = true;
        Process p = child;
        if (p != null) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            try {
                p.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            manifest.timing(Timing.toJson(Timing.of(run, all))); // what ran teaches the next run's estimate
        } catch (RuntimeException e) {
            // best effort
        }
        try {
            manifest.finish("interrupted", null);
        } catch (RuntimeException e) {
            // best effort: the trials are already safe on disk
        }
        System.err.println("\ninterrupted: finished trials are kept in " + run.dir() + "; continue with: ./run-bench.sh --resume " + run.dir());
    }

    private void say(String s) {
        if (!quiet) {
            out.println(s);
        }
    }
}
