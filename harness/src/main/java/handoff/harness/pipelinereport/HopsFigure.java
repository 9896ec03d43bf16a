package handoff.harness.pipelinereport;

import handoff.harness.latency.HopLine;
import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The per-hop breakdown ({@code plots/hops.gp}) for the details appendix: the mean of each hop stacked (means add
 * up; percentiles would not), a bar per transport × wait, one figure per producers × work × offered load. Flags come
 * from the matching pipeline-latency row.
 */
final class HopsFigure implements FigureKind {
    private static final Prose TEXT = Prose.of("pipeline-figures");
    static final String SCRIPT = "hops";
    static final String FILE = "pipeline-hops.csv";
    private static final List<String> HOP_COLOURS = List.of("#4e79a7", "#f28e2b", "#59a14f", "#b07aa1");

    @Override
    public String script() {
        return SCRIPT;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<TextLine> rows = run.ok(FILE);
        boolean multiWait = FigureData.multi(rows, "wait");
        for (String p : RunData.distinct(rows, "producers")) {
            for (String work : RunData.distinct(RunData.eq(rows, "producers", p), "work")) {
                List<TextLine> pw = RunData.eq(RunData.eq(rows, "producers", p), "work", work);
                for (String load : LoadLevels.levels(pw, r -> LoadLevels.ofHop(run, r))) {
                    List<TextLine> g = RunData.sorted(RunData.where(pw, r -> LoadLevels.ofHop(run, r).equals(load)), "wait", "hop");
                    out.add(figure(run, dataDir, g, multiWait, "hops-p" + FigureData.safe(p) + "-w" + FigureData.safe(work) + "-l"
                            + FigureData.safe(load), TEXT.fill("hops.title").with("producers", p).with("work", work)
                            .with("load", LoadLevels.text(run, load, g.stream().map(h -> LoadLevels.latencyRowOf(run, h))
                            .filter(Objects::nonNull).distinct().toList())).text()));
                }
            }
        }
        return out;
    }

    private static Plot figure(RunData run, Path dataDir, List<TextLine> g, boolean multiWait, String name, String title) throws IOException {
        List<TextLine> flagged = new ArrayList<>(g);
        List<String> hops = new ArrayList<>(RunData.HOP_ORDER);
        for (TextLine r : g) {
            String hop = HopLine.of(r).hop();
            if (!hops.contains(hop)) {
                hops.add(hop);
            }
        }
        List<String> bars = new ArrayList<>();
        List<TextLine> flagRows = new ArrayList<>();
        for (TextLine r : g) {
            String k = HopLine.of(r).transport() + "\u0001" + HopLine.of(r).waitStrategy();
            if (!bars.contains(k)) {
                bars.add(k);
                flagRows.add(LoadLevels.latencyRowOf(run, r));
            }
        }
        double hi = 0;
        double[][] cum = new double[bars.size()][hops.size() + 1];
        for (int b = 0; b < bars.size(); b++) {
            String[] k = bars.get(b).split("\u0001", -1);
            for (int h = 0; h < hops.size(); h++) {
                double v = Double.NaN;
                for (TextLine r : g) {
                    HopLine l = HopLine.of(r);
                    if (l.transport().equals(k[0]) && l.waitStrategy().equals(k[1]) && l.hop().equals(hops.get(h))) {
                        v = l.meanNs();
                    }
                }
                cum[b][h + 1] = cum[b][h] + (Double.isNaN(v) ? 0 : v);
            }
            hi = Math.max(hi, cum[b][hops.size()]);
        }
        // the unit that keeps the tallest bar under 10,000 of it: an oversubscribed box can queue
        // for seconds, which "1758568 µs" on a "2e+06" axis would hide
        double scale = hi >= 1e10 ? 1e9 : hi >= 1e7 ? 1e6 : hi >= 1e4 ? 1e3 : 1;
        String unit = scale == 1e9 ? "s" : scale == 1e6 ? "ms" : scale == 1e3 ? "µs" : "ns";
        StringBuilder dat = new StringBuilder("# x cumulative_mean_" + unit + " (0, after hop 1, 2, 3...) total_label label\n");
        for (int b = 0; b < bars.size(); b++) {
            String[] k = bars.get(b).split("\u0001", -1);
            TextLine fr = flagRows.get(b);
            dat.append(b + 1);
            for (double c : cum[b]) {
                dat.append(' ').append(NumberText.dat(c / scale));
            }
            dat.append(' ').append(FigureData.q(NumberText.sig3(cum[b][hops.size()] / scale) + " " + unit))
                    .append(' ').append(FigureData.q(k[0] + (multiWait ? "/" + k[1] : "") + (fr == null ? "" : fr.marks()))).append('\n');
            if (fr != null) {
                flagged.add(fr); // so the figure's oversubscribed note covers the trial's flags
            }
        }
        FigureData.write(dataDir, name + ".dat", dat.toString());
        List<String> hc = new ArrayList<>();
        for (int h = 0; h < hops.size(); h++) {
            hc.add(HOP_COLOURS.get(h % HOP_COLOURS.size()));
        }
        GnuplotInclude gp = FigureData.header(title, flagged, Math.min(1400, Math.max(900, 300 + 2 * 45 * bars.size())), 620).num("n_hops", hops.size())
                .array("h_title", hops).array("h_colour", hc).num("n_bars", bars.size()).num("ymax", hi <= 0 ? 1 : hi / scale * 1.18)
                .str("yunit", unit);
        FigureData.write(dataDir, name + ".gp", gp.toString());
        return new Plot(SCRIPT, name, title, "", table(run, g), RunData.anyOversubscribed(flagged));
    }

    private static MarkdownTable table(RunData run, List<TextLine> hops) {
        MarkdownTable t = new MarkdownTable("transport", "wait", "hop", "mean", "p50", "p90", "p99", "p99.9", "max", "flags");
        for (TextLine r : hops) {
            TextLine l = LoadLevels.latencyRowOf(run, r);
            HopLine h = HopLine.of(r);
            t.row(h.transport(), h.waitStrategy(), h.hop(), NumberText.ns(h.meanNs()), NumberText.ns(h.p50Ns()),
                    NumberText.ns(h.p90Ns()), NumberText.ns(h.p99Ns()), NumberText.ns(h.p999Ns()), NumberText.ns(h.maxNs()),
                    l == null ? "" : l.flags());
        }
        return t;
    }
}
