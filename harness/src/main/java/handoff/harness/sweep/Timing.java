package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.TrialSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * How long a run's trials took, per suite, beside what the model said they would: the trials that ran (not
 * n/a, not skipped), the sum of their wall seconds (JVM start-up included) and of the model's seconds for
 * them. Kept in the manifest ({@value ManifestWriter#TIMING}) so that the next run on this machine opens with an
 * estimate learnt from this one ({@link Calibration}), even where the trial files are not kept (committed runs).
 */
public record Timing(String suite, int trials, double wallSeconds, double modelSeconds) {
    /** Trial property: the model's seconds for the trial, written beside its {@code wall_s}. */
    public static final String MODEL_S = "model_s";
    public static final String WALL_S = "wall_s";

    /** Actual over model; 1 when there is nothing to go on. */
    public double ratio() {
        return modelSeconds > 0 && wallSeconds > 0 ? wallSeconds / modelSeconds : 1;
    }

    /** Per suite, from the run's trial files that carry both times. */
    static Map<String, Timing> of(RunFolder run, List<TrialSpec> all) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (TrialSpec t : all) {
            run.readTrial(t.key()).ifPresent(p -> {
                double wall = number(p.get(WALL_S));
                double model = number(p.get(MODEL_S));
                if (wall > 0 && model > 0) {
                    double[] s = sums.computeIfAbsent(t.suite(), k -> new double[3]);
                    s[0]++;
                    s[1] += wall;
                    s[2] += model;
                }
            });
        }
        Map<String, Timing> out = new LinkedHashMap<>();
        sums.forEach((suite, s) -> out.put(suite, new Timing(suite, (int) s[0], s[1], s[2])));
        return out;
    }

    /**
     * Per suite, from every trial file of a run folder that carries both times: for a run whose manifest has no timing
     * block (one stopped before it could write it); empty where the folder keeps no trial files (a committed run).
     */
    static Map<String, Timing> ofFolder(Path runDir) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(runDir.resolve("trials"))) {
            for (Path f : files.filter(x -> x.getFileName().toString().endsWith(".properties")).sorted().toList()) {
                TrialProperties p = RunFolder.readTrial(f);
                double wall = number(p.get(WALL_S));
                double model = number(p.get(MODEL_S));
                String suite = p.get("suite");
                if (suite != null && wall > 0 && model > 0) {
                    double[] s = sums.computeIfAbsent(suite, k -> new double[3]);
                    s[0]++;
                    s[1] += wall;
                    s[2] += model;
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        Map<String, Timing> out = new LinkedHashMap<>();
        sums.forEach((suite, s) -> out.put(suite, new Timing(suite, (int) s[0], s[1], s[2])));
        return out;
    }

    /** As the manifest holds it: {@code {"rtt": {"trials": 258, "wall_s": 401.2, "model_s": 412}, ...}}. */
    static Map<String, Object> toJson(Map<String, Timing> timings) {
        Map<String, Object> m = new LinkedHashMap<>();
        timings.forEach((suite, t) -> {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("trials", (long) t.trials);
            one.put(WALL_S, Math.round(t.wallSeconds * 10) / 10.0);
            one.put(MODEL_S, Math.round(t.modelSeconds * 10) / 10.0);
            m.put(suite, one);
        });
        return m;
    }

    /** Back from the manifest's value; empty when it has none (an older run) or it is not what this writes. */
    static Map<String, Timing> fromJson(Object value) {
        Map<String, Timing> out = new LinkedHashMap<>();
        if (value instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                // any number: a manifest of an older harness holds "trials": 198.0, this one 198 (results.Json)
                if (v instanceof Map<?, ?> one && one.get("trials") instanceof Number n && one.get(WALL_S) instanceof Number w
                        && one.get(MODEL_S) instanceof Number model && n.doubleValue() > 0 && w.doubleValue() > 0 && model.doubleValue() > 0) {
                    out.put(String.valueOf(k), new Timing(String.valueOf(k), n.intValue(), w.doubleValue(), model.doubleValue()));
                }
            });
        }
        return out;
    }

    private static double number(String s) {
        try {
            return s == null ? 0 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
