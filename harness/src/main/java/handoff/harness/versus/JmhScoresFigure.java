package handoff.harness.versus;

import handoff.harness.page.CsvFile;
import handoff.harness.page.DetailSection;
import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.Lines;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JMH scores of both rings ({@code plots/disruptor.gp}) for the details appendix: one panel per benchmark, a bar
 * per implementation and wait with its JMH error; its table says, per benchmark × wait, whether the two differ by
 * more than their errors combined. The paired ratio of the main report ({@link VersusParts}) is the test.
 */
final class JmhScoresFigure implements FigureKind {
    private static final Prose TEXT = Prose.of("versus");
    static final String SCRIPT = "disruptor";
    static final List<String> BENCH_ORDER = List.of("unicast_1p1c", "sequencer_3p1c", "pipeline_1p3c");

    @Override
    public String script() {
        return SCRIPT;
    }

    static DetailSection section() {
        return new DetailSection(TEXT.get("scores.section.title"), SCRIPT, TEXT.get("scores.section.caption"), VersusCsv.SCORES);
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        CsvFile file = run.get(VersusCsv.SCORES);
        if (file == null || file.ok().isEmpty()) {
            return List.of();
        }
        List<TextLine> rows = file.rows();
        String name = "disruptor";
        String title = TEXT.get("scores.figure.title");
        List<TextLine> drawn = new ArrayList<>();
        List<String> benches = RunData.distinct(rows, "benchmark");
        benches.sort((a, b) -> Integer.compare(RunData.rank(BENCH_ORDER, a), RunData.rank(BENCH_ORDER, b)));
        List<String> bt = new ArrayList<>();
        List<String> bu = new ArrayList<>();
        List<String> bx = new ArrayList<>();
        List<Double> bmax = new ArrayList<>();
        List<Double> bn = new ArrayList<>();
        for (int bi = 0; bi < benches.size(); bi++) {
            List<TextLine> b = RunData.eq(rows, "benchmark", benches.get(bi));
            List<String> waits = RunData.distinct(b, "wait");
            String unit = "";
            for (TextLine r : b) {
                unit = unit.isEmpty() ? ScoreLine.of(r).unit() : unit;
            }
            double hi = 0;
            for (TextLine r : b) {
                ScoreLine l = ScoreLine.of(r);
                hi = FigureData.max(hi, l.score() + l.err());
            }
            double scale = unit.endsWith("/s") && hi >= 1e6 ? 1e6 : 1;
            StringBuilder d = new StringBuilder("# block 0: disruptor, block 1: lmax; x score low high label\n");
            StringBuilder status = new StringBuilder("# x status  (not-ok rows: no bar)\n");
            for (String impl : List.of("disruptor", "lmax")) {
                for (TextLine r : RunData.eq(b, "impl", impl)) {
                    double x = waits.indexOf(r.waitStrategy()) + 1 + (impl.equals("disruptor") ? -0.2 : 0.2);
                    if (!r.ok()) {
                        status.append(NumberText.dat(x)).append(' ').append(FigureData.q(impl + ": " + r.statusKind())).append('\n');
                        continue;
                    }
                    ScoreLine l = ScoreLine.of(r);
                    double v = l.score() / scale;
                    double e = l.err() / scale;
                    d.append(NumberText.dat(x)).append(' ').append(NumberText.dat(v)).append(' ').append(NumberText.dat(Math.max(0, v - e))).append(' ')
                            .append(NumberText.dat(v + e)).append(' ').append(FigureData.q(NumberText.sig3(v) + r.marks())).append('\n');
                }
                d.append("\n\n");
            }
            drawn.addAll(RunData.sorted(b, "wait"));
            FigureData.write(dataDir, name + "-b" + (bi + 1) + ".dat", d.toString());
            FigureData.write(dataDir, name + "-b" + (bi + 1) + "-status.dat", status.append(FigureData.NOTHING).toString());
            StringBuilder tics = new StringBuilder("set xtics (");
            for (int i = 0; i < waits.size(); i++) {
                tics.append(i == 0 ? "" : ", ").append('"').append(waits.get(i)).append("\" ").append(i + 1);
            }
            bt.add(benches.get(bi));
            bu.add((scale == 1e6 ? "M " : "") + unit + " " + (unit.endsWith("/s") || unit.startsWith("ops") ? TEXT.get("scores.higher-better")
                    : TEXT.get("scores.lower-better")));
            bx.add(tics.append(')').toString());
            bmax.add(hi > 0 ? hi / scale * 1.5 : 1); // headroom so the key sits above the bars
            bn.add((double) waits.size());
        }
        GnuplotInclude g = FigureData.header(title, drawn, Math.max(900, 420 * benches.size()), 600).num("n_bench", benches.size())
                .array("b_title", bt).array("b_unit", bu).array("b_xtics", bx).numArray("b_ymax", bmax).numArray("b_nwaits", bn);
        FigureData.write(dataDir, name + ".gp", g.toString());
        return List.of(new Plot(SCRIPT, name, title, "", table(rows, run.ok(VersusCsv.RATIOS)), RunData.anyOversubscribed(drawn)));
    }

    /**
     * Both scores per benchmark × wait, their ratio and whether they differ beyond their JMH errors; where the run has
     * ours with the slip off ({@value VersusCsv#NO_SLIP}), its score in a column of its own.
     */
    private static MarkdownTable table(List<TextLine> rows, List<TextLine> ratios) {
        boolean noSlip = !RunData.eq(rows, "impl", VersusCsv.NO_SLIP).isEmpty();
        List<String> head = new ArrayList<>(List.of("benchmark", "wait", "disruptor (ours)", "lmax 4", "ours (slip on) ÷ LMAX, paired",
                "difference", "unit", "alloc/op (ours / lmax)", "status"));
        if (noSlip) {
            head.add(3, "disruptor, slip off");
        }
        MarkdownTable t = new MarkdownTable(head.toArray(String[]::new));
        for (String bench : RunData.distinct(rows, "benchmark")) {
            for (String w : RunData.distinct(RunData.eq(rows, "benchmark", bench), "wait")) {
                List<TextLine> g = RunData.eq(RunData.eq(rows, "benchmark", bench), "wait", w);
                TextLine ours = first(RunData.eq(g, "impl", "disruptor"));
                TextLine lmax = first(RunData.eq(g, "impl", "lmax"));
                String unit = ScoreLine.of(ours != null ? ours : lmax).unit();
                boolean both = ours != null && lmax != null && ours.ok() && lmax.ok();
                List<String> cells = new ArrayList<>(List.of(bench, w, score(ours), score(lmax),
                        paired(ratios, bench, w),
                        both ? significance(ours, lmax) : "—", unit, (ours == null ? "—" : NumberText.bytes(ScoreLine.of(ours).allocBytesPerOp())) + " / "
                                + (lmax == null ? "—" : NumberText.bytes(ScoreLine.of(lmax).allocBytesPerOp())),
                        (ours == null ? TEXT.get("scores.absent") : ours.status()) + " / " + (lmax == null ? TEXT.get("scores.absent") : lmax.status())));
                if (noSlip) {
                    TextLine off = first(RunData.eq(g, "impl", VersusCsv.NO_SLIP));
                    cells.add(3, off == null ? TEXT.get("scores.not-run") : score(off));
                }
                t.row(cells);
            }
        }
        return t;
    }

    /**
     * Ours ÷ LMAX as the study states it everywhere: the geometric mean of the interleaved pairs' ratios from
     * {@value VersusCsv#RATIOS} (the paired test's estimate), not the ratio of the pooled JMH scores; "—" where the run has none.
     */
    private static String paired(List<TextLine> ratios, String bench, String wait) {
        return RunData.eq(RunData.eq(ratios, "benchmark", bench), "wait", wait).stream().filter(VersusParts::oursVsLmax).findFirst()
                .map(PairLine::of).map(l -> TEXT.fill("scores.paired").with("ratio", NumberText.ratio(l.ratio())).with("pairs", String.valueOf(l.pairs())).text())
                .orElse(NumberText.NONE);
    }

    private static TextLine first(List<TextLine> rows) {
        return rows.isEmpty() ? null : rows.get(0);
    }

    static boolean higherIsBetter(String unit) {
        return unit.endsWith("/s") || unit.startsWith("ops/");
    }

    /**
     * Whether two JMH scores differ by more than their errors combined, and which way. JMH's error is a 99.9 %
     * t-interval over iterations, not over forks: apart is a description, not the study's test.
     */
    static String significance(TextLine oursRow, TextLine lmaxRow) {
        ScoreLine ours = ScoreLine.of(oursRow);
        ScoreLine lmax = ScoreLine.of(lmaxRow);
        double e1 = ours.scoreErr();
        double e2 = lmax.scoreErr();
        if (Double.isNaN(e1) || Double.isNaN(e2)) {
            return TEXT.get("scores.no-error");
        }
        double diff = ours.score() - lmax.score();
        if (Math.abs(diff) <= Math.sqrt(e1 * e1 + e2 * e2)) {
            return TEXT.get("scores.within-error");
        }
        return (diff > 0) == higherIsBetter(ours.unit()) ? TEXT.get("scores.ours-higher") : TEXT.get("scores.ours-lower");
    }

    /**
     * One line of {@value VersusCsv#SCORES} as the figure and its table read it (through {@link VersusCsv#SCORES_TABLE}):
     * a side's median score, its error, JMH's unit and the bytes per event.
     */
    private record ScoreLine(double score, double scoreErr, String unit, double allocBytesPerOp) {
        static final Lines<ScoreLine> LINES = Lines.of(MethodHandles.lookup(), VersusCsv.SCORES_TABLE, ScoreLine.class,
                "score", "score_err", "unit", "alloc_bytes_per_op");

        static ScoreLine of(TextLine row) {
            return LINES.of(row);
        }

        /** {@link #scoreErr}, 0 where the line has none: what a bar's whisker and the axis's headroom add. */
        double err() {
            return Double.isNaN(scoreErr) ? 0 : scoreErr;
        }
    }

    private static String score(TextLine r) {
        if (r == null) {
            return TEXT.get("scores.not-run");
        }
        if (!r.ok()) {
            return r.statusKind();
        }
        ScoreLine l = ScoreLine.of(r);
        double s = l.score();
        double e = l.scoreErr();
        String unit = l.unit();
        if (unit.endsWith("/s")) {
            return NumberText.epsErr(s, e).replace("M/s", "M " + unit);
        }
        return NumberText.num(s) + (Double.isNaN(e) ? "" : " ± " + NumberText.num(e));
    }
}
