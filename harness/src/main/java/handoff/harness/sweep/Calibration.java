package handoff.harness.sweep;

import handoff.harness.report.Pilot;
import handoff.harness.results.Json;
import handoff.harness.results.RunFolder;
import handoff.harness.suites.Suites;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Wait;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The time model and its calibration. The model ({@link #modelSeconds}) is the suite's own {@code estimateSeconds}
 * (warm-up, measurement, JVM start) for a trial that runs, 0 for one that will not (n/a, or busy-waiting threads
 * beyond the CPUs without {@code --oversubscribe}), stretched where a trial's busy threads outnumber the CPUs: its
 * untimed part (JVM start, JIT, result writing, {@value #UNTIMED_SHARE} of a quick trial) then shares the CPUs.
 * The measured trials of runs on a box of the same size teach it the rest: per suite, the ratio of measured to
 * modelled seconds ({@link Timing}) of the most recent run of the same profile on as many CPUs that timed that
 * suite, complete or interrupted (an interrupted run's figures are those of the trials it finished; where its
 * manifest has no timing block, its trial files give them). A suite no such run timed takes the model as it is,
 * and the line says so. A run written before timing was kept gives one ratio when it is a complete, never resumed
 * run of this machine: its sweep's wall time over the model of its own plan.
 */
public final class Calibration {
    /** A ratio outside this is not a calibration but a broken run: it is ignored. */
    static final double MIN_RATIO = 0.2;
    static final double MAX_RATIO = 5;
    /** The model's share of a quick trial that is not timed warm-up or measurement (16-CPU pipeline trials: 1.4 of 3.9 s). */
    static final double UNTIMED_SHARE = 0.35;

    private final Map<String, Double> ratios;
    private final double overall;
    private final String how;
    /** The comparisons quick judges, declared from earlier runs of a box of this size (docs/statistics.md §13). */
    private Pilot pilot = Pilot.NONE;

    Calibration(Map<String, Double> ratios, double overall, String how) {
        this.ratios = ratios;
        this.overall = overall;
        this.how = how;
    }

    /** No history: the model as it is. */
    public static Calibration model(String why) {
        return new Calibration(Map.of(), 1, "the suites' model, not calibrated: " + why);
    }

    /** The model's seconds for a trial: 0 for one that will not run (n/a, skipped). */
    public static double modelSeconds(SweepPlan plan, TrialSpec t) {
        if (Sweep.precheck(plan, t) != null) {
            return 0;
        }
        return Suites.get(t.suite()).estimateSeconds(t) * crowding(plan, t);
    }

    /** 1, or more where the trial's busy-waiting threads outnumber the CPUs (run with {@code --oversubscribe}). */
    static double crowding(SweepPlan plan, TrialSpec t) {
        String wait = t.config().get("wait");
        boolean busy;
        try {
            busy = wait != null && !wait.equals("n/a") && Wait.parse(wait).burnsCpu();
        } catch (RuntimeException e) {
            busy = false;
        }
        int threads = Suites.get(t.suite()).threads(t);
        int cpus = Math.max(1, plan.cpus().size());
        return busy && threads > cpus ? 1 + UNTIMED_SHARE * ((double) threads / cpus - 1) : 1;
    }

    /** The calibrated seconds of a trial. */
    public double seconds(SweepPlan plan, TrialSpec t) {
        return ratios.getOrDefault(t.suite(), overall) * modelSeconds(plan, t);
    }

    /** How the estimate was made, for the progress line. */
    public String how() {
        return how;
    }

    /** As the manifest keeps it, so that a resumed run plans with the calibration it started with. */
    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("how", how);
        m.put("overall", overall);
        m.put("ratios", new LinkedHashMap<String, Object>(ratios));
        if (!pilot.none()) {
            m.put("pilot", pilot.toJson());
        }
        return m;
    }

    /** Back from {@link #toJson}; empty when the value is not what it writes (a run of an older harness). */
    public static Optional<Calibration> fromJson(Object value) {
        if (value instanceof Map<?, ?> m && m.get("how") instanceof String how && m.get("overall") instanceof Number overall
                && m.get("ratios") instanceof Map<?, ?> r) {
            Map<String, Double> ratios = new LinkedHashMap<>();
            r.forEach((k, v) -> {
                if (v instanceof Number d) { // a ratio of 2 reads back as the integer 2 (results.Json)
                    ratios.put(String.valueOf(k), d.doubleValue());
                }
            });
            return Optional.of(new Calibration(ratios, overall.doubleValue(), how).piloted(Pilot.fromJson(m.get("pilot"))));
        }
        return Optional.empty();
    }

    /** The suites' model as it is, with this calibration's pilot: what a plan is fitted by ({@link PlanFit}). */
    Calibration modelOnly() {
        return new Calibration(Map.of(), 1, "the suites' model").piloted(pilot);
    }

    /** This calibration with the pilot that declares what quick judges. */
    public Calibration piloted(Pilot p) {
        Calibration c = new Calibration(ratios, overall, how);
        c.pilot = p;
        return c;
    }

    public Pilot pilot() {
        return pilot;
    }

    /** What makes two runs' times comparable: the CPU model and how many CPUs, as the manifest's {@code machine} has them. */
    public static String machineKey(Map<?, ?> machine) {
        return machine == null ? "?" : machine.get("cpu_model") + " x " + Json.inline(machine.get("online_cpus"));
    }

    /**
     * Learns from the runs of the plan's profile on a box of the plan's CPU count in {@code outDir} (other than {@code self}).
     *
     * @param machine {@link #machineKey} of this machine: an older run without timing teaches only when it is this machine's
     * @param replan  the plan of an older run from its folder (for runs without timing), or null when it cannot be made
     */
    public static Calibration learn(Path outDir, SweepPlan plan, Path self, String machine, Function<Path, SweepPlan> replan) {
        Calibration c = timed(outDir, plan, self, machine, replan);
        boolean piloted = plan.profile() == Profile.QUICK && plan.forksOption() == 0 && plan.budgetSeconds() > 0;
        return piloted ? c.piloted(Pilot.find(outDir, plan.cpus().size(), plan.forks(plan.profile().rankingForks()))) : c;
    }

    private static Calibration timed(Path outDir, SweepPlan plan, Path self, String machine, Function<Path, SweepPlan> replan) {
        String profile = plan.profile().id();
        int cpus = plan.cpus().size();
        List<Path> runs;
        try (Stream<Path> s = Files.list(outDir)) {
            runs = s.filter(d -> !d.equals(self) && RunFolder.isRun(d))
                    .sorted(Comparator.comparing((Path d) -> d.getFileName().toString()).reversed()).toList();
        } catch (IOException | RuntimeException e) {
            return model("no results folder " + outDir + " to learn from");
        }
        Map<String, Double> ratios = new LinkedHashMap<>();
        List<String> sources = new ArrayList<>();
        for (Path run : runs) {
            Map<?, ?> m = manifest(run);
            if (!profile.equals(m.get("profile")) || boxSize(m) != cpus
                    || !("complete".equals(m.get("status")) || "interrupted".equals(m.get("status")))) {
                continue;
            }
            Map<String, Timing> timing = Timing.fromJson(m.get(ManifestWriter.TIMING));
            if (timing.isEmpty()) {
                timing = Timing.ofFolder(run);
            }
            timing.forEach((suite, t) -> {
                if (!ratios.containsKey(suite) && sane(t.ratio())) {
                    ratios.put(suite, t.ratio());
                    sources.add(String.format("%s %.2f× (run %s, %d trials)", suite, t.ratio(), run.getFileName(), t.trials()));
                }
            });
        }
        if (ratios.isEmpty()) {
            for (Path run : runs) {
                Map<?, ?> m = manifest(run);
                if ("complete".equals(m.get("status")) && profile.equals(m.get("profile"))
                        && machine.equals(machineKey(m.get("machine") instanceof Map<?, ?> mm ? mm : null))) {
                    Optional<Calibration> c = wholeRun(run, m, run.getFileName().toString(), replan);
                    if (c.isPresent()) {
                        return c.get();
                    }
                }
            }
            return model("no " + profile + " run of a " + cpus + "-CPU box in " + outDir + " to learn from yet");
        }
        List<String> missing = plan.suites().stream().filter(s -> !ratios.containsKey(s)).toList();
        return new Calibration(ratios, 1, "calibrated by runs of a " + cpus + "-CPU box, measured ÷ model: " + String.join(", ", sources)
                + (missing.isEmpty() ? "" : "; not calibrated (the suites' model): " + String.join(", ", missing)));
    }

    /** The CPUs a run's trials had: its plan's CPU list, else its machine's online CPUs; 0 when neither is known. */
    static int boxSize(Map<?, ?> m) {
        if (m.get("plan") instanceof Map<?, ?> p && p.get("cpus") instanceof List<?> l && !l.isEmpty()) {
            return l.size();
        }
        return m.get("machine") instanceof Map<?, ?> mm && mm.get("online_cpus") instanceof Number d ? d.intValue() : 0;
    }

    private static Map<?, ?> manifest(Path run) {
        try {
            return Json.parse(Files.readString(run.resolve(RunFolder.MANIFEST))) instanceof Map<?, ?> map ? map : Map.of();
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
    }

    /** An older run's one ratio: the sweep's wall time over the model of its own plan. */
    private static Optional<Calibration> wholeRun(Path run, Map<?, ?> m, String id, Function<Path, SweepPlan> replan) {
        if (replan == null || !"".equals(m.get("resumed_utc"))) {
            return Optional.empty(); // a resumed run's wall time includes the pause
        }
        try {
            double wall = Duration.between(Instant.parse(String.valueOf(m.get("date_utc"))),
                    Instant.parse(String.valueOf(m.get("finished_utc")))).toMillis() / 1000.0;
            SweepPlan old = replan.apply(run);
            if (old == null) {
                return Optional.empty();
            }
            double model = Sweep.trials(old).stream().mapToDouble(t -> modelSeconds(old, t)).sum();
            double ratio = wall / model;
            if (!(model > 0) || !sane(ratio)) {
                return Optional.empty();
            }
            return Optional.of(new Calibration(Map.of(), ratio, String.format(
                    "calibrated by run %s on this machine: its sweep took %s, %.2f× the model (no per-suite times in that run)",
                    id, ProgressText.duration(wall), ratio)));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean sane(double ratio) {
        return ratio >= MIN_RATIO && ratio <= MAX_RATIO;
    }
}
