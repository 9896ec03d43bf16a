package handoff.harness.pipelinereport;

import handoff.harness.latency.LatencyLine;
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

/**
 * Latency against offered load ({@code plots/load.gp}), for the details appendix: p50 and p99 against the offered
 * rate, a line per transport, one panel per producers × work × wait (8 transports × p50/p99 stay readable in one
 * panel); none where the run offered a single rate, which the main report's same-rate figure already shows.
 */
final class LoadFigure implements FigureKind {
    private static final Prose TEXT = Prose.of("pipeline-figures");
    static final String SCRIPT = "load";

    @Override
    public String script() {
        return SCRIPT;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<TextLine> rows = run.ok(SameRateLatencyFigure.FILE);
        for (String p : RunData.distinct(rows, "producers")) {
            for (String work : RunData.distinct(RunData.eq(rows, "producers", p), "work")) {
                for (String wait : RunData.distinct(RunData.eq(RunData.eq(rows, "producers", p), "work", work), "wait")) {
                    List<TextLine> pw = RunData.eq(RunData.eq(RunData.eq(rows, "producers", p), "work", work), "wait", wait);
                    if (RunData.distinct(pw, "offered_eps").size() < 2) {
                        continue;
                    }
                    out.add(panel(run, dataDir, pw, "load-p" + FigureData.safe(p) + "-w" + FigureData.safe(work) + "-" + FigureData.safe(wait),
                            TEXT.fill("load-figure.title").with("producers", p).with("work", work).with("wait", wait).text()));
                }
            }
        }
        return out;
    }

    private static Plot panel(RunData run, Path dataDir, List<TextLine> pw, String name, String title) throws IOException {
        List<TextLine> rows = RunData.sorted(pw, "offered_eps");
        LogLogSeries xy = new LogLogSeries(run, dataDir, name);
        xy.perTransportAndWait(pw, "offered_eps", false, "# offered_Meps achieved_Meps p50_ns p99_ns load_pct sustained", (r, d) -> {
            LatencyLine l = LatencyLine.of(r);
            double off = l.offered();
            double ach = l.achievedEps();
            boolean sustained = (Double.isNaN(ach) || ach >= 0.95 * off) && !l.isSaturated(); // saturated: buffer-bound
            d.append(NumberText.dat(off / 1e6)).append(' ').append(NumberText.dat(ach / 1e6)).append(' ')
                    .append(NumberText.dat(l.p50Ns())).append(' ').append(NumberText.dat(l.p99Ns())).append(' ')
                    .append(NumberText.dat(l.loadPctValue())).append(' ').append(sustained ? 1 : 0).append('\n');
            xy.extend(off / 1e6, l.p50Ns(), l.p99Ns());
        });
        GnuplotInclude g = xy.gp(FigureData.header(title, rows, 1100, 650), 1.5);
        g.line(GnuplotInclude.logTimeTics("y", xy.ymin(), xy.ymax())).line(GnuplotInclude.logPlainTics("x", xy.xmin(), xy.xmax()));
        FigureData.write(dataDir, name + ".gp", g.toString());
        return new Plot(SCRIPT, name, title, "", table(rows), RunData.anyOversubscribed(rows));
    }

    private static MarkdownTable table(List<TextLine> rows) {
        MarkdownTable t = new MarkdownTable("transport", "wait", "load", "offered", "achieved", "mean", "p50", "p99", "p99.9", "max", "peak backlog",
                "heap growth", "GC time", "status", "flags");
        for (TextLine r : rows) {
            LatencyLine l = LatencyLine.of(r);
            t.row(l.transport(), l.waitStrategy(), NumberText.pct(l.loadPctValue()), NumberText.eps(l.offered()), NumberText.eps(l.achievedEps()),
                    NumberText.ns(l.meanNs()), NumberText.ns(l.p50Ns()), NumberText.ns(l.p99Ns()), NumberText.ns(l.p999Ns()),
                    NumberText.ns(l.maxNs()), NumberText.count(l.peakBacklog()), NumberText.bytes(l.heapGrowthBytes()),
                    NumberText.ms(l.gcTimeMs()), r.status(), r.flags());
        }
        return t;
    }
}
