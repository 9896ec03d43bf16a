package handoff.harness.versus;

import handoff.harness.report.Doc;
import handoff.harness.report.FigureKind;
import handoff.harness.report.FigureSection;
import handoff.harness.report.Fmt;
import handoff.harness.report.IntervalChart;
import handoff.harness.report.Md;
import handoff.harness.report.Plot;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;
import handoff.harness.report.Section;
import handoff.harness.report.Traits;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Ours vs LMAX: one figure of the ratio ours ÷ LMAX with its interval per topology and wait (from interleaved
 * pairs of forks, {@code disruptor-ratio.csv}), on a log axis with a line at 1, and its table.
 */
public final class VersusParts implements FigureSection {
    public static final String FILE = "disruptor-ratio.csv";

    private final JmhScoresFigure scores = new JmhScoresFigure();

    @Override
    public List<String> files() {
        return List.of("disruptor.csv", FILE);
    }

    @Override
    public List<FigureKind> figureKinds() {
        return List.of(this, scores);
    }

    /** The paired ratio figure, then temporal slipping: what it is, what it costs ({@link SlipSection}). */
    @Override
    public List<Section> sections() {
        return List.of(this, new SlipSection());
    }

    /** In the details appendix: the JMH scores of both rings, with their errors. */
    @Override
    public List<Section> details() {
        return List.of(JmhScoresFigure.section());
    }

    public static Stats.Interval ratio(Row r) {
        return r.interval("ratio", "ratio_lo", "ratio_hi");
    }

    /** The row's verdict as the suite wrote it: the paired test, its level and Holm over the judged rows. */
    public static String verdict(Row r) {
        String v = r.get("verdict");
        return v == null || v.isEmpty() ? "untested (this run's file predates the paired test)" : v;
    }

    /** Whether the row names a winner: its Holm-adjusted p is at most the study's α. */
    public static boolean differs(Row r) {
        return "true".equals(r.get("differs")) && r.get("verdict") != null && !r.get("verdict").isEmpty();
    }

    /** Whether a ratio row is ours ÷ LMAX (every row of a file that predates {@code sides}), not the false-sharing control. */
    static boolean oursVsLmax(Row r) {
        String sides = r.get("sides");
        return sides == null || sides.isEmpty() || sides.equals(VersusCsv.OURS + "÷" + VersusCsv.LMAX);
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Row> rows = run.ok(FILE).stream().filter(VersusParts::oursVsLmax).toList();
        if (rows.isEmpty()) {
            return List.of();
        }
        String name = "disruptor-ratio";
        String title = "Hand-rolled Disruptor ÷ LMAX Disruptor 4, throughput ratio per topology";
        IntervalChart c = new IntervalChart(name, title).axis("ours ÷ LMAX (log); > 1 = ours faster", true).reference(1)
                .series("geometric-mean ratio of the pairs; bar = its 95 % t-interval");
        Md t = new Md("topology", "wait", "ours ÷ LMAX [interval]", "pairs", "verdict", "flags");
        List<String> palette = new ArrayList<>(RunData.distinct(rows, "wait"));
        for (Row r : rows) {
            Stats.Interval iv = ratio(r);
            c.row(r.get("benchmark") + " " + r.get("wait") + r.marks(), Traits.PALETTE.get(palette.indexOf(r.get("wait")) % Traits.PALETTE.size()))
                    .point(0, IntervalChart.Point.of(iv.centre(), iv.lo(), iv.hi(), differs(r) ? "" : r.get("verdict").startsWith("not judged") ? "not judged" : "n.s."));
            t.row(r.get("benchmark"), r.get("wait"), Fmt.withInterval(iv, Fmt::sig3), r.get("pairs"), verdict(r), r.flags());
        }
        c.write(dataDir);
        return List.of(new Plot(script(), name, title, "Each ratio from interleaved pairs of forks (ours, LMAX, LMAX, ours ...; a row "
                + "that also ran ours with the slip off rotates the three, and pairs each two within a rotation), so "
                + "drift shared by a pair cancels: the geometric mean of the pairs' ratios with its t-interval (the level it "
                + "really has is in the table). Verdict: the paired t-test on the pairs' log-ratios, Holm over the "
                + "judged rows, α = " + Stats.formatP(Stats.ALPHA) + "; n.s. = not shown different (alike or cannot tell: the table says which). Rows with more threads "
                + "than CPUs, and rows the run's pilot runs predicted too few pairs to decide (docs/statistics.md §13), are shown but not judged. "
                + "Colour = wait strategy.", t, RunData.anyOversubscribed(rows) || RunData.anyUnstable(rows)));
    }

    @Override
    public void write(Doc doc) {
        List<Plot> plots = doc.plots(script()).stream().filter(p -> p.name().equals("disruptor-ratio")).toList();
        if (plots.isEmpty()) {
            return;
        }
        doc.h2("Hand-rolled Disruptor vs LMAX Disruptor 4");
        plots.forEach(doc::figure);
    }

    @Override
    public List<String> verdicts(RunData run) {
        List<String> out = new ArrayList<>(oursVsLmaxVerdicts(run));
        out.addAll(SlipSection.verdicts(run));
        for (Row r : run.ok(FILE)) {
            if (!oursVsLmax(r) && !SlipSection.slipFamily(r)) {
                out.add("False sharing (" + r.get("benchmark") + ", " + r.get("wait") + ": the same 1P→1C ring with its two"
                        + " sequences on one cache line ÷ on lines of their own, throughput): "
                        + Fmt.withInterval(ratio(r), Fmt::sig3) + ", " + verdict(r) + ".");
            }
        }
        return out;
    }

    private List<String> oursVsLmaxVerdicts(RunData run) {
        List<Row> rows = run.ok(FILE).stream().filter(VersusParts::oursVsLmax).toList();
        if (rows.isEmpty()) {
            return run.ok("disruptor.csv").isEmpty() ? List.of()
                    : List.of("Ours vs LMAX: this run has no paired ratios (disruptor-ratio.csv), so it cannot say which is faster.");
        }
        List<Row> judged = rows.stream().filter(r -> !r.get("verdict").startsWith("not judged")).toList();
        long crowded = rows.stream().filter(Row::oversubscribed).count();
        long leftOut = rows.size() - judged.size() - crowded;
        if (judged.isEmpty()) {
            return List.of("Ours vs LMAX: no topology × wait ratio judged: " + (crowded > 0 ? crowded + " oversubscribed (shown, not judged)" : "")
                    + (crowded > 0 && leftOut > 0 ? "; " : "") + (leftOut > 0 ? leftOut + " whose pilot runs predicted too few pairs to decide "
                    + "it (shown, not judged: docs/statistics.md §13)" : "") + ".");
        }
        List<String> winners = judged.stream().filter(VersusParts::differs)
                .map(r -> r.get("benchmark") + "/" + r.get("wait") + ": ours ÷ LMAX " + Fmt.withInterval(ratio(r), Fmt::sig3) + ", "
                        + verdict(r)).toList();
        String tested = "paired t-test on interleaved pairs' log-ratios, Holm over " + judged.size() + " judged rows, α = "
                + Stats.formatP(Stats.ALPHA);
        return List.of("Ours vs LMAX: " + winners.size() + " of " + judged.size() + " judged topology × wait ratios differ from 1 ("
                + tested + ")" + (winners.isEmpty() ? "" : ": " + String.join("; ", winners))
                + (crowded > 0 ? "; " + crowded + " oversubscribed " + (crowded == 1 ? "row is" : "rows are") + " shown, not judged" : "")
                + (leftOut > 0 ? "; " + leftOut + (leftOut == 1 ? " row" : " rows") + " its pilot runs predicted too few pairs to decide "
                + (leftOut == 1 ? "is" : "are") + " shown, not judged (docs/statistics.md §13)" : "")
                + judged.stream().filter(r -> !r.get("bimodal").isEmpty() && !differs(r)).map(r -> "; " + r.get("benchmark")
                        + ": bimodal forks (" + r.get("bimodal") + "), so the test weighs which mode forks landed in as much as the rings")
                        .collect(java.util.stream.Collectors.joining()) + ".");
    }
}
