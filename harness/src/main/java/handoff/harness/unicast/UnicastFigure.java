package handoff.harness.unicast;

import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.IntervalChart;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Unicast 1P→1C: nanoseconds per item (time to move N items ÷ N), a series per N, with intervals over forks. */
public final class UnicastFigure implements FigureKind {
    private static final Prose TEXT = Prose.of("unicast");
    static final String FILE = "unicast.csv";

    @Override
    public String script() {
        return IntervalChart.SCRIPT;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<TextLine> ok = run.ok(FILE);
        if (ok.isEmpty()) {
            return List.of();
        }
        String name = "unicast-per-item";
        String title = TEXT.get("title");
        IntervalChart c = new IntervalChart(name, title).axis("ns per item (log)", true).tics(GnuplotInclude::timeLabel);
        List<String> items = RunData.distinct(ok, "items");
        items.forEach(n -> c.series("N = " + GnuplotInclude.plain(Double.parseDouble(n))));
        MarkdownTable t = new MarkdownTable("transport/wait", "N", "per item [interval]", "forks", "alloc/item", "flags");
        for (TextLine key : RunData.sorted(RunData.eq(ok, "items", items.get(0)), "wait")) {
            String tr = UnicastLine.of(key).transport();
            String w = UnicastLine.of(key).waitStrategy();
            c.row(tr + "/" + w + key.marks(), run.traits.colour(tr));
            for (int s = 0; s < items.size(); s++) {
                List<TextLine> m = RunData.eq(RunData.eq(RunData.eq(ok, "transport", tr), "wait", w), "items", items.get(s));
                if (m.isEmpty()) {
                    c.point(s, IntervalChart.Point.of(Double.NaN, Double.NaN, Double.NaN, ""));
                    continue;
                }
                TextLine r = m.get(0);
                UnicastLine l = UnicastLine.of(r);
                Stats.Interval iv = l.perItem();
                c.point(s, IntervalChart.Point.of(iv.centre(), iv.lo(), iv.hi(), ""));
                t.row(tr + "/" + w, GnuplotInclude.plain(l.items()), NumberText.withInterval(iv, NumberText::time), l.forks(),
                        NumberText.sig3(l.allocBytesPerItem()) + " B", r.flags());
            }
        }
        c.write(dataDir);
        return List.of(new Plot(script(), name, title, TEXT.fill("caption").with("level", FigureData.levels(ok)).text(), t, RunData.anyOversubscribed(ok)));
    }
}
