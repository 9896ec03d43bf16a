package handoff.harness.latency;

import handoff.harness.results.Cells;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Histograms;
import handoff.harness.results.IntervalLog;
import handoff.harness.trial.Forks;
import handoff.harness.stats.Stats;
import handoff.harness.stats.SteadyState;
import handoff.harness.meters.WhyMetrics;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latency suite's rows: pipeline-latency.csv (one row per configuration and load, forks folded), and its
 * by-products pipeline-capacity.csv (each configuration's sustainable rate and capacity at the budget) and
 * pipeline-hops.csv.
 *
 * <p>Verdicts over forks: a row is {@code saturated} when any fork's backlog reached the saturation fraction of its
 * bound (one buffer-bound fork is enough to put the buffer's size into the row's tail); it is {@code not-steady}
 * when more than half its forks are (on a flat series with 30 % interval-to-interval noise a fork's window is
 * flagged 3.8 % of the time (SteadyStateTest); a majority of three then ≈ 0.4 %, while a row that never settles is
 * flagged in every fork).
 */
public final class LatencyRows {
    public static final String CAPACITY_FILE = "pipeline-capacity.csv";
    private static final List<String> HOP_COLUMNS = List.of("transport", "producers", "wait", "work", "offered_eps",
            "hop", "mean_ns", "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns", "oversubscribed", "hgrm");
    static final List<String> CAPACITY_COLUMNS = List.of("transport", "producers", "wait", "work", "sustainable_eps",
            "capacity_at_budget_eps", "budget_ns", "probes", "pacer", "probe_log", "generator_eps", "status", "threads", "cpus", "pinning");

    private LatencyRows() {
    }

    static List<Map<String, String>> rows(List<Map<String, String>> trials, Path runDir) {
        List<Map<String, String>> rows = new ArrayList<>();
        List<Map<String, String>> hopRows = new ArrayList<>();
        List<Map<String, String>> capacity = new ArrayList<>();
        for (List<Map<String, String>> forks : Forks.group(trials)) {
            if (LatencySuite.SUSTAINABLE.equals(forks.get(0).get("rate_basis"))) {
                Map<String, String> c = Forks.seed(forks, List.of("transport", "producers", "wait", "work", "sustainable_eps",
                        "capacity_at_budget_eps", "budget_ns", "probes", "pacer", "probe_log", "generator_eps", "threads", "cpus", "pinning"));
                capacity.add(c);
                continue;
            }
            Map<String, String> row = Forks.seed(forks, List.of("transport", "producers", "wait", "work", "rate_basis",
                    "load_pct", "threads", "cpus", "pinning", "pacer"));
            row.put("offered_eps", Forks.medianOf(forks, "offered_eps"));
            String key = forks.get(0).get(Forks.CONFIG_KEY);
            if (Status.ok(row)) {
                forkIntervals(row, forks);
                verdicts(row, forks);
                row.put("idle_cpus", Forks.medianOf(forks, "idle_cpus"));
                Histogram h = Forks.merged(forks, "histogram"); // an artefact (hgrm) only: percentiles are per fork
                Forks.putFoldedPercentiles(row, Forks.perFork(forks, "histogram"), "");
                if (forks.stream().allMatch(f -> f.containsKey("publish_histogram"))) { // runs before it have none
                    Forks.putFoldedPercentiles(row, Forks.perFork(forks, "publish_histogram"), "publish_");
                }
                row.put("samples", Long.toString(h.getTotalCount()));
                for (String k : List.of("achieved_eps", "peak_backlog", "backlog_bound", "warmup_ms", "heap_growth_bytes",
                        "gc_count", "gc_time_ms", "gc_max_pause_ms", "alloc_bytes_per_event", "cpu_ns_per_event")) {
                    row.put(k, Forks.medianOf(forks, k));
                }
                WhyMetrics.COLUMNS.forEach(k -> row.put(k, Forks.medianOf(forks, k)));
                row.put("hlog", IntervalLog.paths(forks));
                row.put("hgrm", write(runDir, "hgrm/" + key + ".hgrm", h));
                for (int i = 0; i < LatencySuite.HOPS.length; i++) {
                    Histogram hop = Forks.merged(forks, "hop" + i);
                    Map<String, String> hr = new LinkedHashMap<>();
                    for (String k : List.of("transport", "producers", "wait", "work", "offered_eps")) {
                        hr.put(k, row.get(k));
                    }
                    hr.put("hop", LatencySuite.HOPS[i]);
                    Forks.putFoldedPercentiles(hr, Forks.perFork(forks, "hop" + i), "");
                    hr.put("oversubscribed", row.get("oversubscribed"));
                    hr.put("hgrm", write(runDir, "hgrm/" + key + "_hop" + (i + 1) + ".hgrm", hop));
                    hopRows.add(hr);
                }
            }
            rows.add(row);
        }
        if (!hopRows.isEmpty()) {
            AtomicFiles.write(runDir.resolve("pipeline-hops.csv"), handoff.harness.results.CsvFormat.render(HOP_COLUMNS, hopRows));
        }
        if (!capacity.isEmpty()) {
            AtomicFiles.write(runDir.resolve(CAPACITY_FILE), handoff.harness.results.CsvFormat.render(CAPACITY_COLUMNS, capacity));
        }
        return rows;
    }

    /** saturated (any fork) and steady (a majority of forks), with their counts. */
    static void verdicts(Map<String, String> row, List<Map<String, String>> forks) {
        long saturated = forks.stream().filter(f -> "true".equals(f.get("saturated"))).count();
        long steady = forks.stream().filter(f -> SteadyState.STEADY.equals(f.get("steady"))).count();
        row.put("saturated", Boolean.toString(saturated > 0));
        row.put("saturated_forks", saturated + "/" + forks.size());
        row.put("steady", 2 * steady > forks.size() ? SteadyState.STEADY : SteadyState.NOT_STEADY);
        row.put("steady_forks", steady + "/" + forks.size());
    }

    /**
     * Per-fork p50/p99 intervals ({@link Stats}; the p50/p99 columns are medians over forks too), {@code unstable}, and
     * {@code overloaded}: the backlog grew over the window by more than 1 % of the events offered in it in
     * the median fork, so latency grew through the window and the percentiles describe a queue, not a hand-off.
     */
    static void forkIntervals(Map<String, String> row, List<Map<String, String>> forks) {
        double[] p50 = new double[forks.size()];
        double[] p99 = new double[forks.size()];
        for (int i = 0; i < forks.size(); i++) {
            Histogram h = Histograms.decode(forks.get(i).get("histogram"));
            p50[i] = h.getValueAtPercentile(50);
            p99[i] = h.getValueAtPercentile(99);
        }
        Stats.Interval a = Stats.medianInterval(p50);
        Stats.Interval b = Stats.medianInterval(p99);
        // the row ranks by p99 at equal load: forks whose p99s disagree by more than 2x make it unstable
        row.put("unstable", p99.length < 2 ? "unknown" : Boolean.toString(Stats.spreadRatio(p99) > Forks.UNSTABLE_RATIO));
        row.put("p50_lo_ns", Cells.format(a.lo()));
        row.put("p50_hi_ns", Cells.format(a.hi()));
        row.put("p99_lo_ns", Cells.format(b.lo()));
        row.put("p99_hi_ns", Cells.format(b.hi()));
        row.put("interval_level", Cells.format(a.level()));
        double growth = Forks.median(forks, f -> Cells.get(f, "backlog_growth_eps"));
        double offered = Forks.median(forks, f -> Cells.get(f, "offered_eps"));
        row.put("backlog_growth_eps", Cells.format(growth));
        row.put("overloaded", Boolean.toString(growth > 0.01 * offered));
    }

    private static String write(Path runDir, String file, Histogram h) {
        AtomicFiles.write(runDir.resolve(file), Histograms.percentileText(h));
        return file;
    }
}
