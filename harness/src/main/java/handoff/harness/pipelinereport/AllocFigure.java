package handoff.harness.pipelinereport;

import handoff.harness.latency.LatencyLine;
import handoff.harness.page.FigureData;
import handoff.harness.page.FigureKind;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.pipeline.PipelineLine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Allocation per event and GC time of the saturation runs ({@code plots/alloc.gp}), for the details appendix: a bar
 * pair per transport × wait, one figure per producers × work (× workers where the run swept them).
 */
final class AllocFigure implements FigureKind {
    private static final Prose TEXT = Prose.of("pipeline-figures");
    static final String SCRIPT = "alloc";

    @Override
    public String script() {
        return SCRIPT;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<TextLine> all = run.ok(ThroughputFigure.FILE);
        boolean multiWait = FigureData.multi(all, "wait");
        boolean multiWorkers = FigureData.multi(all, "workers");
        for (String p : RunData.distinct(all, "producers")) {
            for (String work : RunData.distinct(RunData.eq(all, "producers", p), "work")) {
                List<TextLine> pw = RunData.eq(RunData.eq(all, "producers", p), "work", work);
                for (String k : multiWorkers ? RunData.distinct(pw, "workers") : List.of("")) {
                    String name = "alloc-p" + FigureData.safe(p) + "-w" + FigureData.safe(work) + (k.isEmpty() ? "" : "-k" + FigureData.safe(k));
                    String title = TEXT.fill("alloc.title").with("producers", p).with("work", work)
                            .with("workers", k.isEmpty() ? "" : TEXT.fill("alloc.title.workers").with("workers", k).text()).text();
                    out.add(figure(dataDir, RunData.sorted(k.isEmpty() ? pw : RunData.eq(pw, "workers", k), "wait"), multiWait, name, title));
                }
            }
        }
        return out;
    }

    private static Plot figure(Path dataDir, List<TextLine> rs, boolean multiWait, String name, String title) throws IOException {
        StringBuilder dat = new StringBuilder("# x alloc_bytes_per_event gc_time_ms label\n");
        double a = 0;
        double t = 0;
        MarkdownTable table = new MarkdownTable("transport", "wait", "bytes/event", "GC count", "GC time", "CPU ns/event", "flags");
        for (int i = 0; i < rs.size(); i++) {
            TextLine r = rs.get(i);
            PipelineLine l = PipelineLine.of(r);
            dat.append(i + 1).append(' ').append(NumberText.dat(l.allocBytesPerEvent())).append(' ')
                    .append(NumberText.dat(l.gcTimeMs())).append(' ').append(FigureData.q(FigureData.label(r, multiWait))).append('\n');
            a = FigureData.max(a, l.allocBytesPerEvent());
            t = FigureData.max(t, l.gcTimeMs());
            table.row(l.transport(), l.waitStrategy(), NumberText.bytes(l.allocBytesPerEvent()), NumberText.count(l.gcCount()),
                    NumberText.ms(l.gcTimeMs()), NumberText.num(l.cpuNsPerEvent()), r.flags());
        }
        FigureData.write(dataDir, name + ".dat", dat.toString());
        GnuplotInclude g = FigureData.header(title, rs, Math.max(1000, 240 + 2 * 60 * rs.size()), 600).num("n_bars", rs.size())
                .num("amax", a > 0 ? a * 1.2 : 1).num("tmax", t > 0 ? t * 1.2 : 1);
        FigureData.write(dataDir, name + ".gp", g.toString());
        return new Plot(SCRIPT, name, title, "", table, RunData.anyOversubscribed(rs));
    }

    /** The open-loop runs' allocation and GC (pauses that land in the latency tails); nothing without such rows. */
    static void openLoop(Page doc) {
        List<TextLine> rows = doc.run.ok(SameRateLatencyFigure.FILE);
        if (rows.isEmpty()) {
            return;
        }
        doc.p(TEXT.get("alloc.open-loop"));
        MarkdownTable t = new MarkdownTable("transport", "wait", "P", "load", "bytes/event", "GC count", "GC time", "max GC pause", "heap growth", "flags");
        for (TextLine r : RunData.sorted(rows, "wait", "producers", "load_pct")) {
            LatencyLine l = LatencyLine.of(r);
            t.row(l.transport(), l.waitStrategy(), l.producers(), NumberText.pct(l.loadPctValue()), NumberText.bytes(l.allocBytesPerEvent()),
                    NumberText.count(l.gcCount()), NumberText.ms(l.gcTimeMs()), NumberText.ms(l.gcMaxPauseMs()),
                    NumberText.bytes(l.heapGrowthBytes()), r.flags());
        }
        doc.table(t);
    }
}
