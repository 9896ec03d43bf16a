package handoff.harness.versus;

import handoff.harness.page.FigureKind;
import handoff.harness.page.FigureSection;
import handoff.harness.page.IntervalChart;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;
import handoff.harness.page.Traits;
import handoff.harness.report.Declared;
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
    private static final Prose TEXT = Prose.of("versus");

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

    /** The line's verdict as the suite wrote it: the paired test, its level and Holm over the judged rows. */
    static String verdict(PairLine l) {
        return l.verdict().isEmpty() ? TEXT.get("untested") : l.verdict();
    }

    /**
     * " (slip tuned here)" on the row the consumer's temporal slip was tuned on (1P→1C at yield), else empty: the other
     * topologies are held out, the test of the ring.
     */
    static String tuned(PairLine l) {
        return Declared.slipTunedOn(l.benchmark(), l.waitStrategy()) ? TEXT.get("tuned") : "";
    }

    /** Whether the line names a winner: its Holm-adjusted p is at most the study's α. */
    static boolean differs(PairLine l) {
        return l.differs() && !l.verdict().isEmpty();
    }

    /** Whether a ratio row is ours ÷ LMAX (every row of a file that predates {@code sides}), not the false-sharing control. */
    static boolean oursVsLmax(TextLine r) {
        return PairLine.of(r).oursVsLmax();
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<TextLine> rows = run.ok(FILE).stream().filter(VersusParts::oursVsLmax).toList();
        if (rows.isEmpty()) {
            return List.of();
        }
        String name = "disruptor-ratio";
        String title = TEXT.get("figure.title");
        IntervalChart c = new IntervalChart(name, title).axis(TEXT.get("figure.axis"), true).reference(1)
                .series(TEXT.get("figure.series"));
        MarkdownTable t = new MarkdownTable("topology", "wait", TEXT.get("column"), "pairs", "verdict", "flags");
        List<String> palette = new ArrayList<>(RunData.distinct(rows, "wait"));
        for (TextLine r : rows) {
            PairLine l = PairLine.of(r);
            Stats.Interval iv = l.interval();
            c.row(l.benchmark() + " " + l.waitStrategy() + tuned(l) + r.marks(), Traits.PALETTE.get(palette.indexOf(l.waitStrategy()) % Traits.PALETTE.size()))
                    .point(0, IntervalChart.Point.of(iv.centre(), iv.lo(), iv.hi(), differs(l) ? "" : l.verdict().startsWith("not judged") ? "not judged" : "n.s."));
            t.row(l.benchmark() + tuned(l), l.waitStrategy(), NumberText.withInterval(iv, NumberText::sig3), l.pairs(), verdict(l), r.flags());
        }
        c.write(dataDir);
        return List.of(new Plot(script(), name, title, TEXT.fill("figure.caption").with("alpha", Stats.formatP(Stats.ALPHA)).text(), t, RunData.anyOversubscribed(rows) || RunData.anyUnstable(rows)));
    }

    @Override
    public void write(Page doc) {
        List<Plot> plots = doc.plots(script()).stream().filter(p -> p.name().equals("disruptor-ratio")).toList();
        if (plots.isEmpty()) {
            return;
        }
        doc.h2(TEXT.get("title"));
        plots.forEach(doc::figure);
    }

    @Override
    public List<String> verdicts(RunData run) {
        List<String> out = new ArrayList<>(oursVsLmaxVerdicts(run));
        out.addAll(SlipSection.verdicts(run));
        for (PairLine l : PairLine.LINES.of(run.ok(FILE))) {
            if (!l.oursVsLmax() && !l.slipFamily()) {
                out.add(TEXT.fill("false-sharing").with("benchmark", l.benchmark()).with("wait", l.waitStrategy())
                        .with("ratio", NumberText.withInterval(l.interval(), NumberText::sig3)).with("verdict", verdict(l)).text());
            }
        }
        return out;
    }

    private List<String> oursVsLmaxVerdicts(RunData run) {
        List<TextLine> rows = run.ok(FILE).stream().filter(VersusParts::oursVsLmax).toList();
        if (rows.isEmpty()) {
            return run.ok("disruptor.csv").isEmpty() ? List.of()
                    : List.of(TEXT.get("no-ratios"));
        }
        List<TextLine> judged = rows.stream().filter(r -> !PairLine.of(r).verdict().startsWith("not judged")).toList();
        long crowded = rows.stream().filter(TextLine::oversubscribed).count();
        long leftOut = rows.size() - judged.size() - crowded;
        if (judged.isEmpty()) {
            List<String> why = new ArrayList<>();
            if (crowded > 0) {
                why.add(TEXT.fill("none-judged.crowded").with("crowded", crowded).text());
            }
            if (leftOut > 0) {
                why.add(TEXT.fill("none-judged.left-out").with("leftOut", leftOut).text());
            }
            return List.of(TEXT.fill("none-judged").with("why", String.join("; ", why)).text());
        }
        List<PairLine> lines = PairLine.LINES.of(judged);
        List<String> winners = lines.stream().filter(VersusParts::differs)
                .map(l -> TEXT.fill("judged.winner").with("benchmark", l.benchmark()).with("wait", l.waitStrategy()).with("tuned", tuned(l))
                        .with("ratio", NumberText.withInterval(l.interval(), NumberText::sig3)).with("verdict", verdict(l)).text()).toList();
        StringBuilder rest = new StringBuilder();
        if (!winners.isEmpty()) {
            rest.append(TEXT.fill("judged.winners").with("winners", String.join("; ", winners)).text());
        }
        if (crowded > 0) {
            rest.append(crowded == 1 ? TEXT.fill("judged.crowded-one").with("crowded", crowded).text()
                    : TEXT.fill("judged.crowded-many").with("crowded", crowded).text());
        }
        if (leftOut > 0) {
            rest.append(leftOut == 1 ? TEXT.fill("judged.left-out-one").with("leftOut", leftOut).text()
                    : TEXT.fill("judged.left-out-many").with("leftOut", leftOut).text());
        }
        lines.stream().filter(l -> !l.bimodal().isEmpty() && !differs(l)).forEach(l -> rest.append(TEXT.fill("judged.bimodal")
                .with("benchmark", l.benchmark()).with("bimodal", l.bimodal()).text()));
        return List.of(TEXT.fill("judged").with("winners", winners.size()).with("judged", judged.size())
                .with("alpha", Stats.formatP(Stats.ALPHA)).with("rest", rest.toString()).text());
    }
}
