package handoff.harness.trial;

import handoff.harness.results.Cells;
import handoff.harness.results.Histograms;
import handoff.harness.stats.Stats;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Folding the forks of one configuration into one row: the same rules for every suite, so that a row
 * means the same thing in every table. A configuration with any fork not ok is not ok (a broken trial
 * never becomes a number); spread is reported as min/max over forks; forks that disagree by more than 2x
 * make the row {@code unstable}.
 */
public final class Forks {
    public static final String CONFIG_KEY = "config_key";
    public static final String TRIAL_KEY = "trial_key";
    public static final double UNSTABLE_RATIO = 2.0;

    private Forks() {
    }

    /** Trials grouped by configuration, in the order each configuration first appears. */
    public static List<List<Map<String, String>>> group(List<Map<String, String>> trials) {
        Map<String, List<Map<String, String>>> groups = new LinkedHashMap<>();
        for (Map<String, String> t : trials) {
            groups.computeIfAbsent(t.get(CONFIG_KEY), k -> new ArrayList<>()).add(t);
        }
        return new ArrayList<>(groups.values());
    }

    /** {@code ok} when every fork is ok, else the first fork's status that is not. */
    public static Status status(List<Map<String, String>> forks) {
        for (Map<String, String> f : forks) {
            Status s = Status.of(f);
            if (!s.isOk()) {
                return s;
            }
        }
        return Status.ok();
    }

    /** A row seeded with the configuration's parameters and the shared trial facts. */
    public static Map<String, String> seed(List<Map<String, String>> forks, List<String> keep) {
        Map<String, String> row = new LinkedHashMap<>();
        Map<String, String> first = forks.get(0);
        for (String k : keep) {
            if (first.containsKey(k)) {
                row.put(k, first.get(k));
            }
        }
        for (String k : RuntimeAxes.COLUMNS) { // a swept runtime names every row's JDK, collector and thread kind
            if (first.containsKey(k) && !row.containsKey(k)) {
                row.put(k, first.get(k));
            }
        }
        row.put("status", status(forks).render());
        row.put("forks", Integer.toString(forks.size()));
        row.put("oversubscribed", Boolean.toString(forks.stream().anyMatch(f -> "true".equals(f.get("oversubscribed")))));
        return row;
    }

    /** Histograms of all forks merged: percentiles over every sample of the configuration. */
    public static Histogram merged(List<Map<String, String>> forks, String property) {
        Histogram h = Histograms.newNanos();
        for (Map<String, String> f : forks) {
            String enc = f.get(property);
            if (enc != null && !enc.isEmpty()) {
                h.add(Histograms.decode(enc));
            }
        }
        return h;
    }

    /**
     * Percentile columns of one histogram, integral nanoseconds; all empty for a histogram without samples (an
     * unmeasured percentile is unknown, never 0). For a row over forks use {@code latency.ForkPercentiles}: a merged
     * histogram weights each fork by its sample count, and in a closed loop a fast JVM records more samples.
     */
    public static void putPercentiles(Map<String, String> row, Histogram h, String prefix) {
        boolean none = h.getTotalCount() == 0;
        row.put(prefix + "mean_ns", none ? "" : Cells.format(h.getMean()));
        row.put(prefix + "p50_ns", none ? "" : Long.toString(h.getValueAtPercentile(50)));
        row.put(prefix + "p90_ns", none ? "" : Long.toString(h.getValueAtPercentile(90)));
        row.put(prefix + "p99_ns", none ? "" : Long.toString(h.getValueAtPercentile(99)));
        row.put(prefix + "p999_ns", none ? "" : Long.toString(h.getValueAtPercentile(99.9)));
        row.put(prefix + "max_ns", none ? "" : Long.toString(h.getMaxValue()));
    }

    /** Each fork's histogram of {@code property}, decoded; forks without one or without samples are left out. */
    public static List<Histogram> perFork(List<Map<String, String>> forks, String property) {
        List<Histogram> out = new ArrayList<>();
        for (Map<String, String> f : forks) {
            String enc = f.get(property);
            if (enc != null && !enc.isEmpty()) {
                Histogram h = Histograms.decode(enc);
                if (h.getTotalCount() > 0) {
                    out.add(h);
                }
            }
        }
        return out;
    }

    /** Suffix of a column holding one value per fork for the column it extends, e.g. {@code throughput_eps_forks}. */
    public static final String FORKS_SUFFIX = "_forks";

    /** Per-fork values as a CSV cell: {@code ;}-separated, in fork order, unknown values empty. */
    public static String joined(double[] values) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            b.append(i == 0 ? "" : ";").append(Cells.format(values[i]));
        }
        return b.toString();
    }

    public static double median(List<Map<String, String>> forks, ToDoubleFunction<Map<String, String>> f) {
        return Stats.median(forks.stream().mapToDouble(f).toArray()); // one median for the whole study
    }

    public static double min(List<Map<String, String>> forks, String key) {
        return forks.stream().mapToDouble(f -> Cells.get(f, key)).min().orElse(Double.NaN);
    }

    public static double max(List<Map<String, String>> forks, String key) {
        return forks.stream().mapToDouble(f -> Cells.get(f, key)).max().orElse(Double.NaN);
    }

    /** Whether the forks' values of {@code key} disagree by more than {@link #UNSTABLE_RATIO}. */
    public static boolean unstable(List<Map<String, String>> forks, String key) {
        return Stats.spreadRatio(forks.stream().mapToDouble(f -> Cells.get(f, key)).toArray()) > UNSTABLE_RATIO;
    }

    /** Median over forks of a numeric property, formatted; empty when absent. */
    public static String medianOf(List<Map<String, String>> forks, String key) {
        if (forks.stream().noneMatch(f -> f.containsKey(key))) {
            return "";
        }
        return Cells.format(median(forks, f -> Cells.get(f, key)));
    }


    /**
     * One value per fork, folded the study's way ({@link Stats}): {@code <prefix>_fork_median_ns} (median over
     * forks), {@code <prefix>_lo_ns} and {@code <prefix>_hi_ns} (its distribution-free interval),
     * {@code interval_level} (the coverage that interval really has), {@code bimodal} ({@code untestable} with
     * fewer than {@link Stats#MODE_FORKS} forks) and, when the forks split
     * into two clusters, {@code mode_low_ns} and {@code mode_high_ns} (their centres; empty otherwise).
     */
    public static void putOverForks(Map<String, String> row, String prefix, double[] perFork) {
        Stats.Interval iv = Stats.medianInterval(perFork);
        row.put(prefix + "_fork_median_ns", Cells.format(iv.centre()));
        row.put(prefix + "_lo_ns", Cells.format(iv.lo()));
        row.put(prefix + "_hi_ns", Cells.format(iv.hi()));
        row.put("interval_level", Cells.format(iv.level()));
        double[] modes = Stats.modes(perFork);
        row.put("bimodal", Stats.bimodality(perFork)); // "untestable" below Stats.MODE_FORKS forks
        row.put("mode_low_ns", modes == null ? "" : Cells.format(modes[0]));
        row.put("mode_high_ns", modes == null ? "" : Cells.format(modes[1]));
    }

}
