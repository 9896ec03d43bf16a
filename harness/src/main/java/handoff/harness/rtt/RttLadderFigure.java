package handoff.harness.rtt;

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
 * The wait-strategy ladder ({@code plots/ladder.gp}): each transport's RTT at P = 1, burst 1, under every wait it
 * ran, against the CPU time a round trip cost its two threads (per-thread CPU over the timed span), so a reader sees
 * what each rung (spin, yield, park, block) buys and what it costs. Drawn only where some transport ran two waits
 * or more; rows without a CPU figure are left out of the picture and listed in the table.
 */
final class RttLadderFigure implements FigureKind {
    private static final Prose TEXT = Prose.of("rtt");
    static final String SCRIPT = "ladder";
    static final String NAME = "rtt-ladder";

    @Override
    public String script() {
        return SCRIPT;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<TextLine> rows = RunData.where(RunData.eq(RunData.eq(run.ok(RttParts.FILE), "producers", "1"), "burst", "1"),
                r -> !RttLine.of(r).transport().equals(RttParts.CLOCK) && single(RttLine.of(r).producerModel()));
        boolean ladder = RunData.distinct(rows, "transport").stream()
                .anyMatch(t -> RunData.distinct(RunData.eq(rows, "transport", t), "wait").size() > 1);
        if (!ladder) {
            return List.of();
        }
        List<String> titles = new ArrayList<>();
        List<String> colours = new ArrayList<>();
        double xlo = Double.NaN;
        double xhi = Double.NaN;
        double ylo = Double.NaN;
        double yhi = Double.NaN;
        for (String t : RunData.distinct(rows, "transport")) {
            List<TextLine> s = RunData.eq(rows, "transport", t);
            StringBuilder d = new StringBuilder("# cpu_ns_per_op p50_ns p99_ns wait\n");
            boolean any = false;
            for (TextLine r : s) {
                RttLine l = RttLine.of(r);
                double cpu = l.cpuNsPerOp();
                double p50 = l.p50().centre();
                double p99 = l.p99Ns();
                if (!(cpu > 0) || !(p50 > 0)) {
                    continue;
                }
                d.append(NumberText.dat(cpu)).append(' ').append(NumberText.dat(p50)).append(' ').append(NumberText.dat(p99)).append(' ')
                        .append(FigureData.q(l.waitStrategy() + r.marks())).append('\n');
                any = true;
                xlo = FigureData.posMin(xlo, cpu);
                xhi = FigureData.max(xhi, cpu);
                ylo = FigureData.posMin(ylo, p50);
                yhi = FigureData.max(yhi, Double.isNaN(p99) ? p50 : p99);
            }
            FigureData.write(dataDir, NAME + "-s" + (titles.size() + 1) + ".dat", any ? d.toString() : d + FigureData.NOTHING);
            titles.add(t + FigureData.seriesMarks(s));
            colours.add(run.traits.colour(t));
        }
        if (Double.isNaN(xlo)) {
            return List.of();
        }
        String title = TEXT.get("ladder.title");
        GnuplotInclude g = FigureData.header(title, rows, 1100, 650).num("n_series", titles.size()).array("s_title", titles)
                .array("s_colour", colours).num("xmin", GnuplotInclude.decadeBelow(xlo)).num("xmax", GnuplotInclude.decadeAbove(xhi * 1.5))
                .num("ymin", GnuplotInclude.decadeBelow(ylo)).num("ymax", GnuplotInclude.decadeAbove(yhi * 1.5));
        g.line(GnuplotInclude.logTimeTics("y", GnuplotInclude.decadeBelow(ylo), GnuplotInclude.decadeAbove(yhi * 1.5)));
        FigureData.write(dataDir, NAME + ".gp", g.toString());
        return List.of(new Plot(SCRIPT, NAME, title, TEXT.get("ladder.caption"),
                table(rows), RunData.anyOversubscribed(rows)));
    }

    /** Rings run P = 1 as sp and mp: the ladder shows sp (no model: every other transport). */
    private static boolean single(String model) {
        return model == null || model.isEmpty() || model.equals("sp");
    }

    private static MarkdownTable table(List<TextLine> rows) {
        MarkdownTable t = new MarkdownTable("transport", "wait", "idle policy", "p50", "p99", "CPU / round trip", "producer CPU", "consumer CPU", "flags");
        for (TextLine r : rows) {
            RttLine l = RttLine.of(r);
            t.row(l.transport(), l.waitStrategy(), l.idlePolicy(), NumberText.ns(l.p50().centre()), NumberText.ns(l.p99Ns()),
                    NumberText.ns(l.cpuNsPerOp()), NumberText.ns(l.cpuNsPerOpProducers()), NumberText.ns(l.cpuNsPerOpConsumers()),
                    r.flags());
        }
        return t;
    }
}
