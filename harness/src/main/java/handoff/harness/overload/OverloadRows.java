package handoff.harness.overload;

import handoff.harness.results.Cells;
import handoff.harness.results.Histograms;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Status;
import handoff.pipelines.overload.OverloadPolicy;
import handoff.queues.Transport;
import handoff.queues.Transports;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A trial's results, one set per policy and load under the prefix {@code <policy>@<load>.}, and their folding into
 * {@code overload.csv}: one row per transport × policy × load (counts summed over forks, latency histograms merged,
 * the rest medians), and one {@code n/a} row with its reason per policy a transport cannot express.
 */
final class OverloadRows {
    private static final List<String> KEEP = List.of("transport", "producers", "wait", "work", "capacity", "rate_basis",
            "saturation_eps", "timeout_us", "threads", "cpus", "pinning");
    private static final List<String> COUNTS = List.of("offered", "completed", "rejected", "discarded", "due");
    private static final List<String> MEDIANS = List.of("offered_eps", "offered_achieved_eps", "goodput_eps", "stall_p99_ns", "in_publish_pct",
            "peak_backlog", "heap_growth_bytes", "gc_count", "drain_ms", "warmup_ms");

    private OverloadRows() {
    }

    /** One run's results into the trial's map, under {@code prefix}; a failed run gets its status only. */
    static void put(Map<String, String> out, String prefix, OverloadRun.Result r) {
        if (!r.ok()) {
            out.put(prefix + "status", Status.failed(r.failure()).cellSafe().render()); // no sweep sanitises a prefixed key
            return;
        }
        OverloadRun.Config c = r.config();
        out.put(prefix + "status", Status.ok().render());
        out.put(prefix + "offered_eps", Cells.format(c.rateEps()));
        // what the pacer really offered: the nominal rate x the share of due events it reached (a parking pacer on
        // oversubscribed CPUs can fall behind its schedule, issue 40)
        out.put(prefix + "offered_achieved_eps", r.due() == 0 ? "" : Cells.format(c.rateEps() * Math.min(1.0, (double) r.offered() / r.due())));
        out.put(prefix + "offered", Long.toString(r.offered()));
        out.put(prefix + "completed", Long.toString(r.completed()));
        out.put(prefix + "rejected", Long.toString(r.rejected()));
        out.put(prefix + "discarded", Long.toString(r.discarded()));
        out.put(prefix + "due", Long.toString(r.due()));
        out.put(prefix + "goodput_eps", Cells.format(r.goodputEps()));
        // completed window events and, censored at their lower bound, the ones never sent: a percentile that reaches
        // into the censored ones is only a lower bound (p99 "≥ x")
        org.HdrHistogram.Histogram all = r.latency().copy();
        all.add(r.censored());
        out.put(prefix + "histogram", Histograms.encode(all));
        out.put(prefix + "censored", Long.toString(r.censored().getTotalCount()));
        out.put(prefix + "steady", r.steady());
        out.put(prefix + "warmup_ms", Long.toString(r.warmupMs()));
        out.put(prefix + "stall_p99_ns", Long.toString(r.stall().getValueAtPercentile(99)));
        // time inside publish attempts (blocking or not), as % of window x producers: not time blocked
        out.put(prefix + "in_publish_pct", Cells.format(100.0 * r.stalledNanos() / ((double) c.measure().toNanos() * c.producers())));
        out.put(prefix + "peak_backlog", Long.toString(r.peakBacklog()));
        out.put(prefix + "heap_growth_bytes", Long.toString(r.heapGrowth()));
        out.put(prefix + "gc_count", Long.toString(r.collections()));
        out.put(prefix + "drain_ms", Cells.format(r.drainNanos() / 1e6));
    }

    static List<Map<String, String>> fold(List<Map<String, String>> trials, Path runDir) {
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<Map<String, String>> forks : Forks.group(trials)) {
            Map<String, String> seed = Forks.seed(forks, KEEP);
            Transport t = Transports.get(seed.get("transport"));
            for (OverloadPolicy policy : OverloadPolicy.values()) {
                String why = policy.unsupported(t);
                if (why != null) {
                    Map<String, String> row = new LinkedHashMap<>(seed);
                    row.put("policy", policy.id());
                    row.put("status", Status.notApplicable(why).cellSafe().render());
                    rows.add(row);
                    continue;
                }
                for (int pct : OverloadSuite.ints(forks.get(0).get("loads"))) {
                    rows.add(row(seed, forks, t, policy, pct));
                }
            }
        }
        return rows;
    }

    private static Map<String, String> row(Map<String, String> seed, List<Map<String, String>> forks, Transport t,
                                           OverloadPolicy policy, int pct) {
        Map<String, String> row = new LinkedHashMap<>(seed);
        row.put("policy", policy.id());
        row.put("load_pct", Integer.toString(pct));
        if (!Status.ok(seed)) {
            return row;
        }
        String prefix = policy.id() + "@" + pct + ".";
        List<Map<String, String>> runs = new ArrayList<>();
        for (Map<String, String> f : forks) {
            Map<String, String> run = new LinkedHashMap<>();
            f.forEach((k, v) -> {
                if (k.startsWith(prefix)) {
                    run.put(k.substring(prefix.length()), v);
                }
            });
            runs.add(run);
        }
        row.put("status", Forks.status(runs).render());
        if (!Status.ok(row)) {
            return row;
        }
        Map<String, Long> sum = new LinkedHashMap<>();
        for (String k : COUNTS) {
            sum.put(k, runs.stream().mapToLong(r -> Long.parseLong(r.get(k))).sum());
            row.put(k, Long.toString(sum.get(k)));
        }
        row.remove("due");
        MEDIANS.forEach(k -> row.put(k, Forks.medianOf(runs, k)));
        double offered = Math.max(1, sum.get("offered"));
        row.put("rejected_pct", Cells.format(100.0 * sum.get("rejected") / offered));
        row.put("discarded_pct", Cells.format(100.0 * sum.get("discarded") / offered));
        row.put("behind_pct", Cells.format(100.0 * Math.max(0, sum.get("due") - sum.get("offered")) / Math.max(1, sum.get("due"))));
        Histogram h = Forks.merged(runs, "histogram");
        Forks.putPercentiles(row, h, "");
        row.put("samples", Long.toString(h.getTotalCount()));
        long censored = runs.stream().mapToLong(r -> Long.parseLong(r.getOrDefault("censored", "0"))).sum();
        row.put("censored", Long.toString(censored));
        // p99 reaches the censored values when more than 1 % of the samples are censored: it is then a lower bound
        row.put("p99_censored", Boolean.toString(censored > 0.01 * h.getTotalCount()));
        long steady = runs.stream().filter(r -> handoff.harness.stats.SteadyState.STEADY.equals(r.get("steady"))).count();
        row.put("steady", runs.stream().noneMatch(r -> r.containsKey("steady")) ? ""
                : 2 * steady > runs.size() ? handoff.harness.stats.SteadyState.STEADY : handoff.harness.stats.SteadyState.NOT_STEADY);
        long bound = backlogBound(t, Integer.parseInt(seed.get("capacity")), Integer.parseInt(seed.get("producers")));
        row.put("backlog_bound", Long.toString(bound));
        row.put("within_capacity", Boolean.toString(Cells.get(row, "peak_backlog") <= bound));
        return row;
    }

    /**
     * The most events a bounded pipeline can hold: every hop full (one ring of {@code capacity} slots, or one queue
     * or buffer of {@code capacity} per stage) plus one event in each stage's and each producer's hand.
     */
    static long backlogBound(Transport t, int capacity, int producers) {
        int hops = t.preallocated() ? 1 : handoff.pipelines.Pipeline.STAGES;
        return (long) hops * capacity + handoff.pipelines.Pipeline.STAGES + producers;
    }
}
