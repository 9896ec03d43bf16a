package handoff.harness.rtt;

import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.PercentileChart;
import handoff.harness.page.Plot;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * RTT percentile distributions for the details appendix: one figure per producers × burst (split by wait beyond
 * {@link FigureData#MAX_SERIES} lines), every transport overlaid, the baseline at that burst dashed.
 */
final class RttHdrFigure implements FigureKind {
    @Override
    public String script() {
        return PercentileChart.SCRIPT;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<TextLine> rows = RunData.where(run.rttTransports(), r -> !RttLine.of(r).transport().equals("baseline"));
        List<TextLine> bases = RunData.eq(run.rttTransports(), "transport", "baseline");
        boolean multiWait = FigureData.multi(rows, "wait");
        for (String burst : RunData.distinct(rows, "burst")) {
            for (String p : RunData.distinct(RunData.eq(rows, "burst", burst), "producers")) {
                List<TextLine> g = RunData.eq(RunData.eq(rows, "burst", burst), "producers", p);
                for (String w : g.size() > FigureData.MAX_SERIES ? RunData.distinct(g, "wait") : List.of("")) {
                    List<TextLine> gw = RunData.sorted(w.isEmpty() ? g : RunData.eq(g, "wait", w), "wait");
                    String name = "rtt-hdr-p" + FigureData.safe(p) + "-b" + FigureData.safe(burst) + (w.isEmpty() ? "" : "-" + FigureData.safe(w));
                    PercentileChart c = new PercentileChart(run, name, "RTT percentile distribution, P=" + p + ", burst " + burst
                            + (w.isEmpty() ? "" : ", wait " + w));
                    for (TextLine r : gw) {
                        c.series(FigureData.label(r, multiWait), r, false);
                    }
                    TextLine base = pickByWait(RunData.eq(bases, "burst", burst), gw);
                    if (base != null) {
                        RttLine b = RttLine.of(base);
                        c.series("baseline (P=" + b.producers() + ", " + b.waitStrategy() + ")" + base.marks(), base, true);
                    }
                    out.add(c.write(dataDir, "RTT (first send -> reply)"));
                }
            }
        }
        return out;
    }

    /** The reference row with the same wait as most plotted rows, else the first by wait order. */
    static TextLine pickByWait(List<TextLine> candidates, List<TextLine> plotted) {
        if (candidates.isEmpty()) {
            return null;
        }
        for (String w : RunData.distinct(plotted, "wait")) {
            for (TextLine c : candidates) {
                if (RttLine.of(c).waitStrategy().equals(w)) {
                    return c;
                }
            }
        }
        return RunData.sorted(candidates, "wait").get(0);
    }
}
