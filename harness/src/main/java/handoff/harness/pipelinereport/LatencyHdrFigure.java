package handoff.harness.pipelinereport;

import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.PercentileChart;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Open-loop end-to-end latency distributions for the details appendix: one figure per producers × work × offered
 * load (split by wait beyond {@link FigureData#MAX_SERIES} lines), every transport overlaid.
 */
final class LatencyHdrFigure implements FigureKind {
    private static final Prose TEXT = Prose.of("pipeline-figures");
    @Override
    public String script() {
        return PercentileChart.SCRIPT;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<TextLine> rows = run.ok(SameRateLatencyFigure.FILE);
        boolean multiWait = FigureData.multi(rows, "wait");
        for (String p : RunData.distinct(rows, "producers")) {
            for (String work : RunData.distinct(RunData.eq(rows, "producers", p), "work")) {
                List<TextLine> pw = RunData.eq(RunData.eq(rows, "producers", p), "work", work);
                for (String load : LoadLevels.levels(pw, LoadLevels::of)) {
                    List<TextLine> g = RunData.where(pw, r -> LoadLevels.of(r).equals(load));
                    for (String w : g.size() > FigureData.MAX_SERIES ? RunData.distinct(g, "wait") : List.of("")) {
                        List<TextLine> gw = RunData.sorted(w.isEmpty() ? g : RunData.eq(g, "wait", w), "wait");
                        String name = "lat-hdr-p" + FigureData.safe(p) + "-w" + FigureData.safe(work) + "-l" + FigureData.safe(load)
                                + (w.isEmpty() ? "" : "-" + FigureData.safe(w));
                        PercentileChart c = new PercentileChart(run, name, TEXT.fill("hdr.title").with("producers", p)
                                .with("work", work).with("load", LoadLevels.text(run, load, gw))
                                .with("wait", w.isEmpty() ? "" : TEXT.fill("hdr.title.wait").with("wait", w).text()).text());
                        for (TextLine r : gw) {
                            c.series(FigureData.label(r, multiWait), r, false);
                        }
                        out.add(c.write(dataDir, TEXT.get("hdr.axis")));
                    }
                }
            }
        }
        return out;
    }
}
