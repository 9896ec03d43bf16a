package handoff.harness.sweep;

import handoff.harness.results.Json;
import handoff.harness.results.RunFolder;
import handoff.harness.suites.Suites;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The opening estimate, learnt from runs on this machine. The suites' own model ({@code estimateSeconds}) knows
 * each trial's warm-up and measurement but not what a JVM start, a loaded box or a suite's own overheads cost
 * here; so the estimate takes, per suite, the ratio of measured to modelled seconds of the most recent complete
 * run of the same profile in the same results folder ({@link Timing}, kept in its manifest), and applies it to
 * this plan's model. A suite that run did not have takes its overall ratio. A run written before timing was kept
 * gives one ratio: its sweep's wall time (manifest start to finish, never resumed) over the model of its own
 * plan. With no such run: the model itself, and the line says so. Trials that will not run (n/a, skipped) cost 0.
 * Since the ratio is to the model, a suite whose sizes change since that run stays calibrated.
 */
public final class Calibration {
    /** A ratio outside this is not a calibration but a broken run: it is ignored. */
    static final double MIN_RATIO = 0.2;
    static final double MAX_RATIO = 5;

    private final Map<String, Double> ratios;
    private final double overall;
    private final String how;

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
        return Sweep.precheck(plan, t) != null ? 0 : Suites.get(t.suite()).estimateSeconds(t);
    }

    /** The calibrated seconds of a trial. */
    public double seconds(SweepPlan plan, TrialSpec t) {
        return ratios.getOrDefault(t.suite(), overall) * modelSeconds(plan, t);
    }

    /** How the estimate was made, for the progress line. */
    public String how() {
        return how;
    }

    /** What makes two runs' times comparable: the CPU model and how many CPUs, as the manifest's {@code machine} has them. */
    public static String machineKey(Map<?, ?> machine) {
        return machine == null ? "?" : machine.get("cpu_model") + " x " + Json.inline(machine.get("online_cpus"));
    }

    /**
     * Learns from the most recent complete run of the plan's profile on this machine in {@code outDir} (other than {@code self}).
     *
     * @param machine {@link #machineKey} of this machine: runs of another take no part
     * @param replan  the plan of an older run from its folder (for runs without timing), or null when it cannot be made
     */
    public static Calibration learn(Path outDir, SweepPlan plan, Path self, String machine, Function<Path, SweepPlan> replan) {
        String profile = plan.profile().id();
        List<Path> runs;
        try (Stream<Path> s = Files.list(outDir)) {
            runs = s.filter(d -> !d.equals(self) && RunFolder.isRun(d))
                    .sorted(Comparator.comparing((Path d) -> d.getFileName().toString()).reversed()).toList();
        } catch (IOException | RuntimeException e) {
            return model("no results folder " + outDir + " to learn from");
        }
        for (Path run : runs) {
            Optional<Calibration> c = from(run, profile, machine, replan);
            if (c.isPresent()) {
                return c.get();
            }
        }
        return model("no complete " + profile + " run of this machine in " + outDir + " to learn from yet");
    }

    /** What one run folder teaches, if it is a complete run of the profile with times to go on. */
    static Optional<Calibration> from(Path run, String profile, String machine, Function<Path, SweepPlan> replan) {
        Map<?, ?> m;
        try {
            m = Json.parse(Files.readString(run.resolve(RunFolder.MANIFEST))) instanceof Map<?, ?> map ? map : Map.of();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        if (!"complete".equals(m.get("status")) || !profile.equals(m.get("profile"))
                || !machine.equals(machineKey(m.get("machine") instanceof Map<?, ?> mm ? mm : null))) {
            return Optional.empty();
        }
        String id = run.getFileName().toString();
        Map<String, Timing> timing = Timing.fromJson(m.get(ManifestWriter.TIMING));
        if (!timing.isEmpty()) {
            double wall = timing.values().stream().mapToDouble(Timing::wallSeconds).sum();
            double model = timing.values().stream().mapToDouble(Timing::modelSeconds).sum();
            if (!sane(wall / model)) {
                return Optional.empty();
            }
            Map<String, Double> ratios = new java.util.LinkedHashMap<>();
            timing.forEach((suite, t) -> ratios.put(suite, Math.min(MAX_RATIO, Math.max(MIN_RATIO, t.ratio()))));
            StringBuilder per = new StringBuilder();
            ratios.forEach((suite, r) -> per.append(per.length() == 0 ? "" : ", ").append(suite).append(' ').append(String.format("%.2f×", r)));
            return Optional.of(new Calibration(ratios, wall / model,
                    "calibrated by run " + id + " on this machine, measured ÷ model per suite: " + per));
        }
        return wholeRun(run, m, id, replan);
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
                    id, Sweep.duration(wall), ratio)));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean sane(double ratio) {
        return ratio >= MIN_RATIO && ratio <= MAX_RATIO;
    }
}
