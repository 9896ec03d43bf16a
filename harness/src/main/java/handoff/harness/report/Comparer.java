package handoff.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Matches the rows two runs have in common (on each CSV's key columns) and says, per headline metric,
 * the ratio b/a and whether the change exceeds the runs' own spread: the spread intervals (JMH error,
 * or p99's min-max over forks) of the two runs must not overlap. Metrics without a recorded spread say so.
 */
final class Comparer {
    /** A headline metric: its column, and the columns that bound its spread (lo/hi, or ± err). */
    static final class Metric {
        final String file;
        final String column;
        final String label;
        final String lo;
        final String hi;
        final String err;

        Metric(String file, String column, String label, String lo, String hi, String err) {
            this.file = file;
            this.column = column;
            this.label = label;
            this.lo = lo;
            this.hi = hi;
            this.err = err;
        }

        /** [lo, hi] of this row's spread, or null when the row records none. */
        double[] spread(Row r) {
            double v = r.num(column);
            if (err != null) {
                double e = r.num(err);
                return Double.isNaN(e) || Double.isNaN(v) ? null : new double[] {v - e, v + e};
            }
            if (lo != null) {
                double l = r.num(lo);
                double h = r.num(hi);
                return Double.isNaN(l) || Double.isNaN(h) ? null : new double[] {Math.min(l, v), Math.max(h, v)};
            }
            return null;
        }

        String format(double v) {
            return Fmt.byColumn(column, v);
        }
    }

    static final List<Metric> METRICS = List.of(
            new Metric(RunData.RTT, "mean_ns", "RTT mean", null, null, null),
            new Metric(RunData.RTT, "p50_ns", "RTT p50", null, null, null),
            new Metric(RunData.RTT, "p99_ns", "RTT p99", "p99_fork_min_ns", "p99_fork_max_ns", null),
            new Metric(RunData.PIPELINE, "throughput_eps", "pipeline throughput", null, null, "throughput_err"),
            new Metric(RunData.LATENCY, "p99_ns", "pipeline latency p99", null, null, null),
            new Metric(RunData.UNICAST, "time_ms", "unicast time", null, null, "time_err_ms"),
            new Metric(RunData.DISRUPTOR, "score", "disruptor.csv score", null, null, "score_err"));

    /**
     * Match keys. Open-loop rows match on load_pct rather than offered_eps: each run offers fractions of its
     * own measured saturation, so the absolute rates differ between runs by design.
     */
    static final Map<String, List<String>> MATCH = new LinkedHashMap<>();

    static {
        MATCH.put(RunData.RTT, RunData.KEYS.get(RunData.RTT));
        MATCH.put(RunData.PIPELINE, RunData.KEYS.get(RunData.PIPELINE));
        MATCH.put(RunData.LATENCY, java.util.stream.Stream.concat(java.util.stream.Stream.of("transport", "producers", "wait", "work", "load_pct"),
                handoff.harness.trial.RuntimeAxes.CONFIG.stream()).toList());
        MATCH.put(RunData.UNICAST, RunData.KEYS.get(RunData.UNICAST));
        MATCH.put(RunData.DISRUPTOR, RunData.KEYS.get(RunData.DISRUPTOR));
    }

    static final String BEYOND = "beyond spread";
    static final String NOISE = "within noise";
    static final String NO_SPREAD = "no spread recorded";

    static final class Line {
        final Metric metric;
        final String config;
        final double a;
        final double b;
        final double ratio;
        final String verdict;
        final String flags;
        /** The two rows' spread intervals ({@link Metric#spread}), null where none is recorded: for the figure. */
        double[] spreadA;
        double[] spreadB;

        Line(Metric metric, String config, double a, double b, String verdict, String flags) {
            this.metric = metric;
            this.config = config;
            this.a = a;
            this.b = b;
            this.ratio = Fmt.div(b, a);
            this.verdict = verdict;
            this.flags = flags;
        }
    }

    final RunData runA;
    final RunData runB;
    final List<Line> lines = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    Comparer(RunData a, RunData b) {
        this.runA = a;
        this.runB = b;
        for (Map.Entry<String, List<String>> e : MATCH.entrySet()) {
            compareFile(e.getKey(), e.getValue());
        }
    }

    private void compareFile(String file, List<String> keys) {
        Csv ca = runA.get(file);
        Csv cb = runB.get(file);
        if (ca == null || cb == null) {
            if (ca != null || cb != null) {
                notes.add(file + " only in run " + (ca != null ? "a" : "b"));
            }
            return;
        }
        keys = acrossRuntimes(file, ca, cb, keys);
        Map<String, Row> rowsB = new LinkedHashMap<>();
        for (Row r : cb.ok()) {
            rowsB.putIfAbsent(key(file, r, keys), r);
        }
        int matched = 0;
        for (Row ra : RunData.sorted(ca.ok(), "wait")) {
            Row rb = rowsB.remove(key(file, ra, keys));
            if (rb == null) {
                continue;
            }
            matched++;
            for (Metric m : METRICS) {
                if (!m.file.equals(file)) {
                    continue;
                }
                double a = ra.num(m.column);
                double b = rb.num(m.column);
                if (Double.isNaN(a) || Double.isNaN(b)) {
                    continue;
                }
                Line line = new Line(m, ra.describe(keys), a, b, verdict(m, ra, rb), Row.flags(ra, rb));
                line.spreadA = m.spread(ra);
                line.spreadB = m.spread(rb);
                lines.add(line);
            }
        }
        int onlyA = ca.ok().size() - matched;
        if (onlyA > 0 || !rowsB.isEmpty()) {
            notes.add(String.format(Locale.ROOT, "%s: %d ok rows matched; %d only in a, %d only in b", file, matched, onlyA, rowsB.size()));
        }
    }

    /**
     * Runs that each ran on one runtime (one JDK, one collector, one thread kind) compare row by row whatever
     * those were: a runtime column that holds at most one value in each run is left out of the match and named
     * in a note; one that a run swept stays in it, so its rows match their like.
     */
    private List<String> acrossRuntimes(String file, Csv ca, Csv cb, List<String> keys) {
        List<String> out = new ArrayList<>(keys);
        for (String c : handoff.harness.trial.RuntimeAxes.CONFIG) {
            List<String> va = RunData.distinct(ca.ok(), c);
            List<String> vb = RunData.distinct(cb.ok(), c);
            if (va.size() <= 1 && vb.size() <= 1) {
                out.remove(c);
                String a = va.isEmpty() || va.get(0).isEmpty() ? "default" : va.get(0);
                String b = vb.isEmpty() || vb.get(0).isEmpty() ? "default" : vb.get(0);
                if (!a.equals(b)) {
                    notes.add(file + ": rows matched across runtimes, " + c + " " + a + " (a) vs " + b + " (b)");
                }
            }
        }
        return out;
    }

    /** Open-loop rows without a load_pct fall back to their offered rate, so they never collapse into one key. */
    private static String key(String file, Row r, List<String> keys) {
        return r.key(keys) + (file.equals(RunData.LATENCY) && !r.has("load_pct") ? "@" + r.get("offered_eps") : "");
    }

    static String verdict(Metric m, Row a, Row b) {
        double[] sa = m.spread(a);
        double[] sb = m.spread(b);
        if (sa == null || sb == null) {
            return NO_SPREAD;
        }
        return sa[1] < sb[0] || sb[1] < sa[0] ? BEYOND : NOISE;
    }

    String text() {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"metric", "configuration", "a", "b", "b/a", "verdict", "flags"});
        for (Line l : lines) {
            rows.add(new String[] {l.metric.label, l.config, l.metric.format(l.a), l.metric.format(l.b), Fmt.ratio(l.ratio), l.verdict,
                    l.flags.replace("**", "")});
        }
        int[] w = new int[7];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        StringBuilder s = new StringBuilder("a = " + runA.runId + status(runA) + "\nb = " + runB.runId + status(runB) + "\n\n");
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                s.append(String.format(Locale.ROOT, "%-" + (w[i] + 2) + "s", r[i]));
            }
            while (s.charAt(s.length() - 1) == ' ') {
                s.setLength(s.length() - 1); // no trailing blanks: diff-friendly output
            }
            s.append('\n');
        }
        s.append('\n').append(summary()).append('\n');
        for (String n : notes) {
            s.append("note: ").append(n).append('\n');
        }
        return s.toString();
    }

    /** Empty for a complete run; otherwise its status, so a partial run is never read as a whole one. */
    static String status(RunData r) {
        return r.manifest.complete() ? "" : " — " + r.manifest.status() + ": not every trial ran, so a row it lacks was not run";
    }

    String summary() {
        long beyond = lines.stream().filter(l -> l.verdict.equals(BEYOND)).count();
        long noise = lines.stream().filter(l -> l.verdict.equals(NOISE)).count();
        return lines.size() + " comparisons: " + beyond + " " + BEYOND + ", " + noise + " " + NOISE + ", "
                + (lines.size() - beyond - noise) + " with " + NO_SPREAD + ". Beyond spread = the two runs' spread intervals "
                + "(JMH error, or p99's min–max over forks) do not overlap.";
    }

    String markdown() {
        StringBuilder s = new StringBuilder("# Comparison of two runs\n\n");
        s.append("- a: `").append(runA.runId).append("` (").append(runA.manifest.machineLine()).append(", ").append(runA.manifest.jvmLine())
                .append(", commit ").append(runA.manifest.str("git_commit")).append(")").append(status(runA)).append("\n");
        s.append("- b: `").append(runB.runId).append("` (").append(runB.manifest.machineLine()).append(", ").append(runB.manifest.jvmLine())
                .append(", commit ").append(runB.manifest.str("git_commit")).append(")").append(status(runB)).append("\n\n");
        if (!runA.manifest.machineLine().equals(runB.manifest.machineLine())) {
            s.append("> The two runs were on different machines: ratios mix hardware and code changes.\n\n");
        }
        s.append(summary()).append("\n\n");
        Md t = new Md("metric", "configuration", "a", "b", "b/a", "verdict", "flags");
        for (Line l : lines) {
            t.row(l.metric.label, l.config, l.metric.format(l.a), l.metric.format(l.b), Fmt.ratio(l.ratio),
                    l.verdict.equals(BEYOND) ? "**" + BEYOND + "**" : l.verdict, l.flags);
        }
        s.append(t).append('\n');
        for (String n : notes) {
            s.append("- ").append(n).append('\n');
        }
        return s.toString();
    }
}
