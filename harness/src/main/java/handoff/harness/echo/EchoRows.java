package handoff.harness.echo;

import handoff.harness.results.Cells;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Histograms;
import handoff.harness.trial.Forks;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Stats;
import handoff.harness.stats.Verdicts;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Folds echo trials into {@code echo.csv}: one row per configuration × part (closed loop at N clients, open
 * loop at L %), over the configuration's forks. Latency centres are medians over forks of each fork's
 * percentile, with {@link Stats#medianInterval} for p50 and p99; max is the max over forks. Each row is then
 * set against {@code inline}'s row of the same client count (closed loop only: an open-loop part offers a
 * fraction of its own JVM's maximum, so its rate differs between variants): differences of the medians, and the ratio of p50s from
 * forks paired by fork number (forks run interleaved, so each pair shared the box's state of the moment).
 */
final class EchoRows {
    /** Per-fork p50s of each ok row, by part, kept to pair a row's forks with inline's. */
    private record Folded(Map<String, String> row, double[] p50s) {
    }

    private EchoRows() {
    }

    static List<Map<String, String>> fold(List<Map<String, String>> trials, Path runDir) {
        List<Folded> all = new ArrayList<>();
        for (List<Map<String, String>> forks : Forks.group(trials)) {
            List<Map<String, String>> sorted = new ArrayList<>(forks);
            sorted.sort(Comparator.comparingInt(f -> Integer.parseInt(f.getOrDefault("fork", "0"))));
            Map<String, String> first = sorted.get(0);
            for (int n : EchoSuite.ints(first.getOrDefault("clients", ""))) {
                all.add(part(sorted, EchoRun.closedPart(n), "closed", Integer.toString(n), "", runDir));
            }
            for (int load : EchoSuite.ints(first.getOrDefault("loads", ""))) {
                all.add(part(sorted, EchoRun.openPart(load), "open", "1", Integer.toString(load), runDir));
            }
        }
        Map<String, Folded> inline = new HashMap<>();
        for (Folded f : all) {
            if (f.row().get("variant").equals(EchoSuite.INLINE) && f.p50s() != null) {
                inline.put(partKey(f.row()), f);
            }
        }
        List<Map<String, String>> rows = new ArrayList<>();
        List<Map<String, String>> tested = new ArrayList<>();
        List<Comparison> tests = new ArrayList<>();
        for (Folded f : all) {
            Folded base = inline.get(partKey(f.row()));
            // open-loop rows are not compared: each JVM offers a fraction of its own closed-loop maximum
            if (base != null && f.p50s() != null && f != base && f.row().get("mode").equals("closed")) {
                tested.add(f.row());
                tests.add(compare(f, base));
            }
            rows.add(f.row());
        }
        // p50 ratio above 1 = slower than inline; the table's comparisons are corrected together
        Verdicts.put(tested, tests, "vs_inline", "p50_ratio_inline_p", "slower", "faster");
        return rows;
    }

    private static String partKey(Map<String, String> row) {
        return row.get("mode") + "/" + row.get("clients") + "/" + row.get("load_pct");
    }

    private static Folded part(List<Map<String, String>> forks, String part, String mode, String clients, String load,
                               Path runDir) {
        Map<String, String> first = forks.get(0);
        Map<String, String> row = Forks.seed(forks, List.of("transport", "wait", "cpus", "pinning"));
        row.put("variant", EchoSuite.variant(first.get("transport")));
        row.put("mode", mode);
        row.put("clients", clients);
        row.put("load_pct", load);
        int threads = EchoSuite.serverThreads(first.get("transport")) + (mode.equals("open") ? 2 : Integer.parseInt(clients));
        row.put("threads", Integer.toString(threads));
        int cpus = Integer.parseInt(first.getOrDefault("cpus", "0"));
        row.put("oversubscribed", Boolean.toString(cpus > 0 && threads > cpus));
        row.put("status", status(forks, part).render());
        long[] sums = new long[4];
        for (Map<String, String> f : forks) {
            String[] keys = {"lost", "duplicated", "corrupted", "misrouted"};
            for (int i = 0; i < keys.length; i++) {
                sums[i] += Long.parseLong(f.getOrDefault(part + "." + keys[i], "0"));
            }
        }
        row.put("lost", Long.toString(sums[0]));
        row.put("duplicated", Long.toString(sums[1]));
        row.put("corrupted", Long.toString(sums[2]));
        row.put("misrouted", Long.toString(sums[3]));
        if (!Status.ok(row)) {
            return new Folded(row, null);
        }
        int n = forks.size();
        double[][] pct = new double[4][n]; // p50, p99, p99.9, max per fork
        Histogram merged = Histograms.newNanos();
        List<Map<String, String>> perFork = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Histogram h = Histograms.decode(forks.get(i).get(part + ".histogram"));
            merged.add(h);
            pct[0][i] = h.getValueAtPercentile(50);
            pct[1][i] = h.getValueAtPercentile(99);
            pct[2][i] = h.getValueAtPercentile(99.9);
            pct[3][i] = h.getMaxValue();
            Map<String, String> values = new HashMap<>();
            forks.get(i).forEach((k, v) -> {
                if (k.startsWith(part + ".")) {
                    values.put(k.substring(part.length() + 1), v);
                }
            });
            String idle = forks.get(i).getOrDefault("idle_cpu_pct", "");
            if (!idle.isEmpty()) {
                values.put("idle_cpu_pct", idle);
            }
            values.put("p50", Cells.format(pct[0][i]));
            values.put("p99", Cells.format(pct[1][i]));
            perFork.add(values);
        }
        Stats.Interval p50 = Stats.medianInterval(pct[0]);
        Stats.Interval p99 = Stats.medianInterval(pct[1]);
        row.put("p50_ns", Cells.format(p50.centre()));
        row.put("p50_lo_ns", Cells.format(p50.lo()));
        row.put("p50_hi_ns", Cells.format(p50.hi()));
        row.put("interval_level", Cells.format(p50.level()));
        row.put("p99_ns", Cells.format(p99.centre()));
        row.put("p99_lo_ns", Cells.format(p99.lo()));
        row.put("p99_hi_ns", Cells.format(p99.hi()));
        row.put("p999_ns", Cells.format(Stats.median(pct[2])));
        row.put("max_ns", Cells.format(maxOf(pct[3])));
        double[] means = new double[n];
        for (int i = 0; i < n; i++) {
            means[i] = Histograms.decode(forks.get(i).get(part + ".histogram")).getMean();
        }
        row.put("mean_ns", Cells.format(Stats.median(means))); // every fork weighs the same; merged stays the hgrm artefact
        row.put("p50_ns" + Forks.FORKS_SUFFIX, Forks.joined(pct[0]));
        row.put("p99_ns" + Forks.FORKS_SUFFIX, Forks.joined(pct[1]));
        row.put("samples", Long.toString(merged.getTotalCount()));
        for (String k : List.of("offered_rps", "throughput_rps", "cpu_ns_per_request", "cpu_pct", "idle_cpu_pct",
                "alloc_bytes_per_request", "gc_count", "gc_time_ms")) {
            row.put(k, Forks.medianOf(perFork, k));
        }
        row.put("cpu_pct" + Forks.FORKS_SUFFIX, perFork.stream().map(v -> v.getOrDefault("cpu_pct", ""))
                .collect(java.util.stream.Collectors.joining(";")));
        row.put("unstable", Boolean.toString(Forks.unstable(perFork, "p50") || Forks.unstable(perFork, "p99")));
        if (mode.equals("open")) { // steady when a majority of forks settled (as the latency suite's rows)
            long steady = perFork.stream().filter(v -> handoff.harness.stats.SteadyState.STEADY.equals(v.get("steady"))).count();
            row.put("steady", 2 * steady > n ? handoff.harness.stats.SteadyState.STEADY : handoff.harness.stats.SteadyState.NOT_STEADY);
            row.put("steady_forks", steady + "/" + n);
            row.put("warmup_ms", Forks.medianOf(perFork, "warmup_ms"));
        }
        String file = "hgrm/" + first.get(Forks.CONFIG_KEY) + "_" + part + ".hgrm";
        AtomicFiles.write(runDir.resolve(file), Histograms.percentileText(merged));
        row.put("hgrm", file);
        return new Folded(row, pct[0]);
    }

    /** A part's status over forks: a stop that left something behind fails every part; else the part's own. */
    private static Status status(List<Map<String, String>> forks, String part) {
        for (Map<String, String> f : forks) {
            String left = f.get(EchoRun.LEFT_BEHIND);
            Status s = left != null ? Status.failed(left)
                    : f.containsKey(part + ".status") ? Status.of(f, part + ".status") : Status.of(f);
            if (!s.isOk()) {
                return s;
            }
        }
        return Status.ok();
    }

    private static Comparison compare(Folded f, Folded inline) {
        Map<String, String> row = f.row();
        Map<String, String> base = inline.row();
        row.put("p50_minus_inline_ns", Cells.format(Double.parseDouble(row.get("p50_ns")) - Double.parseDouble(base.get("p50_ns"))));
        row.put("p99_minus_inline_ns", Cells.format(Double.parseDouble(row.get("p99_ns")) - Double.parseDouble(base.get("p99_ns"))));
        // forks of a row and the inline baseline ran interleaved: paired log-ratios, exact signed-rank test
        Comparison ratio = Stats.pairedTest(f.p50s(), inline.p50s());
        row.put("p50_ratio_inline", Cells.format(ratio.ratio()));
        row.put("p50_ratio_inline_lo", Cells.format(ratio.lo()));
        row.put("p50_ratio_inline_hi", Cells.format(ratio.hi()));
        return ratio;
    }

    private static double maxOf(double[] xs) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : xs) {
            m = Math.max(m, x);
        }
        return m;
    }
}
