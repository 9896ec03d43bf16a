package handoff.harness.fanout;

import handoff.harness.results.Cells;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Histograms;
import handoff.harness.trial.Forks;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Stats;
import handoff.harness.stats.Verdicts;
import handoff.harness.trial.Status;
import handoff.queues.Transports;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Folds fan-out trials into {@code fanout.csv}: one row per configuration × part over the configuration's forks.
 * Throughput is the median over forks of each fork's median run, with {@link Stats#medianInterval}; p99 likewise
 * over each fork's open-loop run. Each row is then set against {@code abq}'s row of the same scenario (the
 * broker: its {@code per-subscriber} row) as a ratio of throughputs paired by fork number; the transports that
 * cannot run the suite get one {@code n/a} row per scenario.
 */
final class FanoutRows {
    /** A folded row and its per-fork throughputs, kept to pair its forks with abq's. */
    private record Folded(Map<String, String> row, double[] rates) {
    }

    private FanoutRows() {
    }

    static List<Map<String, String>> fold(List<Map<String, String>> trials, Path runDir) {
        List<Folded> all = new ArrayList<>();
        Set<String> na = new LinkedHashSet<>();
        for (List<Map<String, String>> forks : Forks.group(trials)) {
            List<Map<String, String>> sorted = new ArrayList<>(forks);
            sorted.sort(Comparator.comparingInt(f -> Integer.parseInt(f.getOrDefault("fork", "0"))));
            for (String id : sorted.get(0).getOrDefault(FanoutSuite.NOT_APPLICABLE, "").split(";")) {
                if (!id.isBlank()) {
                    na.add(id);
                }
            }
            for (ScenarioVariant p : ScenarioVariant.of(sorted.get(0).get("transport"))) {
                all.add(part(sorted, p, runDir));
            }
        }
        List<Map<String, String>> rows = new ArrayList<>();
        List<Map<String, String>> tested = new ArrayList<>();
        List<Comparison> tests = new ArrayList<>();
        for (Folded f : all) {
            Folded base = abq(all, f.row());
            if (base != null && f.rates() != null && base.rates() != null) {
                // forks of a row and its abq baseline ran interleaved: paired log-ratios, exact signed-rank test
                Comparison c = Stats.pairedTest(f.rates(), base.rates());
                f.row().put("ratio_abq", Cells.format(f == base ? 1 : c.ratio()));
                f.row().put("ratio_abq_lo", Cells.format(f == base ? 1 : c.lo()));
                f.row().put("ratio_abq_hi", Cells.format(f == base ? 1 : c.hi()));
                f.row().put("vs_abq", "");
                if (f != base) {
                    tested.add(f.row());
                    tests.add(c);
                }
            }
            rows.add(f.row());
        }
        Verdicts.put(tested, tests, "vs_abq", "ratio_abq_p", "faster", "slower");
        for (String id : na) {
            for (String scenario : List.of(ScenarioVariant.BROKER, Topologies.MULTICAST, Topologies.DIAMOND)) {
                Map<String, String> row = new java.util.LinkedHashMap<>();
                row.put("scenario", scenario);
                row.put("variant", scenario.equals(ScenarioVariant.BROKER) ? Broker.Variant.PER_SUBSCRIBER.id : "hop-per-arc");
                row.put("transport", id);
                row.put("status", Status.notApplicable(FanoutSuite.whyNot(Transports.get(id))).render());
                rows.add(row);
            }
        }
        return rows;
    }

    /** abq's row of the same scenario (broker: per-subscriber), the same wait where it ran one, else any. */
    private static Folded abq(List<Folded> all, Map<String, String> row) {
        Folded any = null;
        for (Folded f : all) {
            Map<String, String> r = f.row();
            boolean same = r.get("transport").equals("abq") && r.get("scenario").equals(row.get("scenario"))
                    && (!row.get("scenario").equals(ScenarioVariant.BROKER) || r.get("variant").equals(Broker.Variant.PER_SUBSCRIBER.id));
            if (same && r.get("wait").equals(row.get("wait"))) {
                return f;
            }
            any = same && any == null ? f : any;
        }
        return any;
    }

    private static Folded part(List<Map<String, String>> forks, ScenarioVariant part, Path runDir) {
        Map<String, String> first = forks.get(0);
        String p = part.key() + ".";
        Map<String, String> row = Forks.seed(forks, List.of("transport", "wait", "cpus"));
        row.put("scenario", part.scenario());
        row.put("variant", part.variant());
        int producers = part.broker() ? Integer.parseInt(first.getOrDefault("producers", "4")) : 1;
        row.put("producers", Integer.toString(producers));
        row.put("consumers", Integer.toString(part.broker() ? Workload.TYPES * Workload.PER_TYPE : Topologies.CONSUMERS));
        row.put("unit", part.unit());
        int threads = part.threads(producers);
        row.put("threads", Integer.toString(threads));
        int cpus = Integer.parseInt(first.getOrDefault("cpus", "0")); // the sweep's count of the trial's CPUs
        row.put("oversubscribed", Boolean.toString(cpus > 0 && threads > cpus));
        row.put("status", status(forks, part.key()).render());
        if (!Status.ok(row)) {
            return new Folded(row, null);
        }
        List<Map<String, String>> perFork = new ArrayList<>();
        for (Map<String, String> f : forks) {
            Map<String, String> values = new java.util.HashMap<>();
            f.forEach((k, v) -> {
                if (k.startsWith(p)) {
                    values.put(k.substring(p.length()), v);
                }
            });
            perFork.add(values);
        }
        double[] rates = perFork.stream().mapToDouble(v -> Cells.get(v, "throughput_ops")).toArray();
        Stats.Interval tp = Stats.medianInterval(rates);
        row.put("throughput_ops", Cells.format(tp.centre()));
        row.put("throughput_lo", Cells.format(tp.lo()));
        row.put("throughput_hi", Cells.format(tp.hi()));
        row.put("interval_level", Cells.format(tp.level()));
        for (String k : List.of("alloc_bytes_per_op", "cpu_ns_per_op", "gc_count", "gc_time_ms")) {
            row.put(k, Forks.medianOf(perFork, k));
        }
        boolean unstable = Forks.unstable(perFork, "throughput_ops");
        // a warming trend through each fork's measured runs (WarmTrend; higher ops/s = better)
        handoff.harness.stats.WarmTrend.putRow(row, perFork, "run_rates", true);
        if (part.broker()) {
            row.put("load_pct", first.getOrDefault("load_pct", ""));
            row.put("offered_ops", Forks.medianOf(perFork, "offered_ops"));
            double[] p99 = perFork.stream().mapToDouble(v -> Cells.get(v, "p99_ns")).toArray();
            Stats.Interval iv = Stats.medianInterval(p99);
            row.put("p50_ns", Forks.medianOf(perFork, "p50_ns"));
            row.put("p99_ns", Cells.format(iv.centre()));
            row.put("p99_lo_ns", Cells.format(iv.lo()));
            row.put("p99_hi_ns", Cells.format(iv.hi()));
            row.put("max_ns", Cells.format(Forks.max(perFork, "max_ns")));
            Histogram merged = Forks.merged(forks, p + "histogram");
            row.put("samples", Long.toString(merged.getTotalCount()));
            String file = "hgrm/" + first.get(Forks.CONFIG_KEY) + "_" + part.key() + ".hgrm";
            AtomicFiles.write(runDir.resolve(file), Histograms.percentileText(merged));
            row.put("hgrm", file);
            unstable |= Forks.unstable(perFork, "p99_ns");
        }
        row.put("unstable", Boolean.toString(unstable));
        return new Folded(row, rates);
    }

    /** A part's status over forks: the part's own where the trial reached it, else the trial's. */
    private static Status status(List<Map<String, String>> forks, String part) {
        for (Map<String, String> f : forks) {
            Status s = f.containsKey(part + ".status") ? Status.of(f, part + ".status") : Status.of(f);
            if (!s.isOk()) {
                return s;
            }
        }
        return Status.ok();
    }
}
