package handoff.harness.pipelinereport;

import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.IntervalChart;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.pipeline.PipelineLine;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Saturation throughput per transport × wait (× workers), median over forks with its interval; one figure per P. */
public final class ThroughputFigure implements FigureKind {
    static final String FILE = "pipeline.csv";
    private static final Prose TEXT = Prose.of("pipeline-figures");

    @Override
    public String script() {
        return IntervalChart.SCRIPT;
    }

    static String label(TextLine r) {
        String w = PipelineLine.of(r).workers();
        return r.label() + (w.isEmpty() || w.equals("1") ? "" : " " + w) + r.marks();
    }

    static Stats.Interval saturation(TextLine r) {
        return PipelineLine.of(r).throughput();
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<TextLine> ok = run.ok(FILE);
        for (String p : RunData.distinct(ok, "producers")) {
            List<TextLine> rows = RunData.sorted(RunData.eq(ok, "producers", p), "workers", "wait");
            String name = "pipeline-throughput-p" + p;
            String title = TEXT.fill("throughput.title").with("producers", p).text();
            IntervalChart c = new IntervalChart(name, title).axis(TEXT.get("throughput.axis"), true).series(TEXT.fill("throughput.series").with("levels", FigureData.levels(rows)).text())
                    .note(RunData.anyOversubscribed(rows) ? TEXT.get("throughput.note") : "");
            MarkdownTable t = new MarkdownTable("transport/wait", "throughput [interval]", "min – max over forks", "forks", "flags");
            for (TextLine r : rows) {
                PipelineLine l = PipelineLine.of(r);
                Stats.Interval iv = l.throughput();
                c.row(label(r), run.traits.colour(l.transport())).point(0, IntervalChart.Point.of(iv.centre(), iv.lo(), iv.hi(), ""));
                t.row(label(r), NumberText.withInterval(iv, NumberText::rate), NumberText.rate(l.throughputMinEps()) + " – "
                        + NumberText.rate(l.throughputMaxEps()), l.forks(), r.flags());
            }
            c.write(dataDir);
            out.add(new Plot(script(), name, title, TEXT.fill("throughput.caption").with("levels", FigureData.levels(rows))
                    .with("alpha", Stats.formatP(Stats.ALPHA)).text(),
                    t, RunData.anyOversubscribed(rows) || RunData.anyUnstable(rows)));
        }
        return out;
    }
}
