package handoff.harness.gate;

import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;
import handoff.harness.results.AtomicFiles;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The figure of a comparison: for every row run A shares with another run, that run's ratio to A (one headline
 * metric per row: the first metric its suite declares that was tested on per-fork values, else the first that
 * records a spread, else the first), on a log axis around 1, with the Welch t-interval of the ratio where it
 * was tested (else the interval the two runs' spreads allow, [lo_b/hi_a, hi_b/lo_a], a description and no test); a
 * filled point where b differs from a by the two-sided test ({@link Comparer}), an open one where it does not or its
 * forks cannot tell, a cross where it was not tested. Writes {@code FILE.png} and, beside it, the data and the
 * hand-runnable script.
 */
final class CompareFigure {
    private static final Prose TEXT = Prose.of("compare");
    /** One plotted point. */
    record Point(String row, int run, double ratio, double lo, double hi, ComparedMetric.Kind kind) {
        /** 0 differs by the test, 1 no significant difference or unresolvable, 2 untested: the .dat's marker column. */
        int marker() {
            return kind == ComparedMetric.Kind.BETTER || kind == ComparedMetric.Kind.WORSE ? 0 : kind == ComparedMetric.Kind.UNTESTED ? 2 : 1;
        }
    }

    private final List<Comparer> comparers;
    final List<Point> points = new ArrayList<>();
    final List<String> rows = new ArrayList<>();

    CompareFigure(List<Comparer> comparers) {
        this.comparers = comparers;
        for (int run = 0; run < comparers.size(); run++) {
            for (ComparedMetric l : headline(comparers.get(run))) {
                String row = l.metric.label() + ": " + shortConfig(l.config);
                if (!rows.contains(row)) {
                    rows.add(row);
                }
                double lo;
                double hi;
                if (l.kind != ComparedMetric.Kind.UNTESTED) {
                    lo = l.test.lo();
                    hi = l.test.hi();
                } else {
                    double[] sa = l.spreadA;
                    double[] sb = l.spreadB;
                    lo = sa == null || sb == null ? Double.NaN : sb[0] / sa[1];
                    hi = sa == null || sb == null ? Double.NaN : sb[1] / sa[0];
                }
                points.add(new Point(row, run, l.ratio, lo, hi, l.kind));
            }
        }
    }

    /** "transport=abq producers=1 burst=100 wait=spin" as "abq P=1 B=100 spin". */
    static String shortConfig(String config) {
        return config.replace("transport=", "").replace("impl=", "").replace("benchmark=", "").replace("wait=", "")
                .replace("producers=", "P=").replace("burst=", "B=");
    }

    /** One line per shared row: the file's first tested metric, else its first that records a spread, else its first. */
    static List<ComparedMetric> headline(Comparer c) {
        Map<String, ComparedMetric> byRow = new LinkedHashMap<>();
        for (ComparedMetric l : c.lines) {
            String key = l.file.file() + "|" + l.config;
            ComparedMetric had = byRow.get(key);
            if (had == null || rank(l) < rank(had)) {
                byRow.put(key, l);
            }
        }
        return new ArrayList<>(byRow.values());
    }

    /** 0 tested, 1 with a spread recorded in both rows, 2 neither: the figure shows a row's best-ranked metric. */
    private static int rank(ComparedMetric l) {
        return l.kind != ComparedMetric.Kind.UNTESTED ? 0 : l.spreadA != null && l.spreadB != null ? 1 : 2;
    }

    /** Writes the data, the script and the PNG; returns null on success, else why there is no figure. */
    String draw(Path png) {
        String base = png.getFileName().toString().replaceFirst("\\.png$", "");
        Path dat = png.resolveSibling(base + ".dat");
        Path gp = png.resolveSibling(base + ".gp");
        StringBuilder d = new StringBuilder("# row_index run ratio lo hi verdict(0 differs by the test, 1 no significant difference "
                + "or unresolvable, 2 untested)\n");
        double min = 1;
        double max = 1;
        for (int run = 0; run < comparers.size(); run++) {
            d.append("# run ").append(comparers.get(run).runB.runId).append(" / ").append(comparers.get(run).runA.runId).append('\n');
            for (Point p : points) {
                if (p.run() != run || !(p.ratio() > 0)) {
                    continue;
                }
                int v = p.marker();
                double y = rows.indexOf(p.row()) + offset(run);
                double lo = p.lo() > 0 ? p.lo() : p.ratio();
                double hi = p.hi() > 0 ? p.hi() : p.ratio();
                d.append(String.format(Locale.ROOT, "%.3f %d %s %s %s %d%n", y, run, NumberText.dat(p.ratio()), NumberText.dat(lo), NumberText.dat(hi), v));
                min = Math.min(min, Math.min(lo, p.ratio()));
                max = Math.max(max, Math.max(hi, p.ratio()));
            }
            d.append("\n\n");
        }
        AtomicFiles.write(dat, d.toString());
        AtomicFiles.write(gp, script(png, dat, min, max));
        return gnuplot(gp);
    }

    private double offset(int run) {
        return comparers.size() == 1 ? 0 : (run - (comparers.size() - 1) / 2.0) * 0.25;
    }

    private String script(Path png, Path dat, double min, double max) {
        int height = Math.max(300, 110 + 16 * rows.size());
        double lo = Math.pow(10, Math.floor(Math.log10(min / 1.05) * 4) / 4);
        double hi = Math.pow(10, Math.ceil(Math.log10(max * 1.05) * 4) / 4);
        StringBuilder s = new StringBuilder();
        s.append("# ratio of each run to run A, per shared row (generated by `handoff compare`; re-run: gnuplot ")
                .append(GnuplotInclude.q(png.getFileName().toString().replaceFirst("\\.png$", ".gp"))).append(")\n");
        s.append("set terminal pngcairo noenhanced size 1100,").append(height).append(" font 'sans,9'\n");
        s.append("set output ").append(GnuplotInclude.q(png.toString())).append('\n');
        s.append("set title ").append(GnuplotInclude.q(TEXT.fill("figure.title").with("run", comparers.get(0).runA.runId).text()))
                .append(" . \"\\n\" . ").append(GnuplotInclude.q(TEXT.fill("figure.legend").with("test", Comparer.TEST)
                        .with("alpha", Stats.formatP(Stats.ALPHA)).text())).append('\n');
        s.append("set logscale x\nset xrange [").append(NumberText.dat(lo)).append(':').append(NumberText.dat(hi)).append("]\n");
        StringBuilder tics = new StringBuilder();
        for (double t : tics(lo, hi)) {
            String v = BigDecimal.valueOf(t).stripTrailingZeros().toPlainString();
            tics.append(tics.length() == 0 ? "" : ", ").append('"').append(v).append("×\" ").append(v);
        }
        s.append("set xtics (").append(tics).append(")\n");
        s.append("set yrange [").append(rows.size()).append(" - 0.5:-0.5]\n");
        s.append("set xlabel '").append(TEXT.get("figure.axis").replace("'", "''")).append("'\n")
                .append("set grid xtics\nset key outside top center horizontal\n");
        s.append("set arrow from 1, graph 0 to 1, graph 1 nohead dt 2 lc rgb '#555555'\n");
        s.append("set ytics (");
        for (int i = 0; i < rows.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(GnuplotInclude.q(rows.get(i)).replace("%", "%%")).append(' ').append(i);
        }
        s.append(") font 'sans,8'\n");
        String[] colours = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
        s.append("plot ");
        for (int run = 0; run < comparers.size(); run++) {
            String c = colours[run % colours.length];
            String label = comparers.get(run).runB.runId;
            String src = GnuplotInclude.q(dat.toString()) + " index " + run;
            s.append(run == 0 ? "" : ", \\\n     ")
                    .append(src).append(" using 3:1:4:5 with xerrorbars pt 7 ps 0 lc rgb '").append(c).append("' title ").append(GnuplotInclude.q(label))
                    .append(", \\\n     ").append(src).append(" using ($6 == 0 ? $3 : NaN):1 with points pt 7 ps 1.2 lc rgb '").append(c).append("' notitle")
                    .append(", \\\n     ").append(src).append(" using ($6 == 1 ? $3 : NaN):1 with points pt 6 ps 1.2 lc rgb '").append(c).append("' notitle")
                    .append(", \\\n     ").append(src).append(" using ($6 == 2 ? $3 : NaN):1 with points pt 2 ps 1 lc rgb '").append(c).append("' notitle");
        }
        s.append('\n');
        return s.toString();
    }

    /** Tic values: 1-1.25-2-5-8 steps over less than a decade, 1-2-5 up to three, decades beyond. */
    static List<Double> tics(double lo, double hi) {
        double span = Math.log10(hi / lo);
        double[] steps = span <= 1 ? new double[] {1, 1.25, 2, 5, 8} : span <= 3 ? new double[] {1, 2, 5} : new double[] {1};
        List<Double> out = new ArrayList<>();
        for (int e = (int) Math.floor(Math.log10(lo)) - 1; e <= (int) Math.ceil(Math.log10(hi)); e++) {
            for (double m : steps) {
                double t = m * Math.pow(10, e);
                if (t >= lo && t <= hi) {
                    out.add(Double.parseDouble(String.format(Locale.ROOT, "%.6g", t)));
                }
            }
        }
        return out;
    }

    private static String gnuplot(Path gp) {
        try {
            Process p = new ProcessBuilder("gnuplot", gp.toString()).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return "gnuplot did not finish within 2 minutes";
            }
            return p.exitValue() == 0 ? null : "gnuplot failed: " + log.strip().lines().reduce((a, b) -> b).orElse("exit " + p.exitValue());
        } catch (IOException e) {
            return "gnuplot not found (install gnuplot-nox)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
