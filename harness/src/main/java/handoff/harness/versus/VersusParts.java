package handoff.harness.versus;

import handoff.harness.report.Doc;
import handoff.harness.report.FigureSection;
import handoff.harness.report.Fmt;
import handoff.harness.report.IntervalChart;
import handoff.harness.report.Md;
import handoff.harness.report.Plot;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;
import handoff.harness.report.Traits;
import handoff.harness.trial.Stats;

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

    @Override
    public List<String> files() {
        return List.of("disruptor.csv", FILE);
    }

    public static Stats.Interval ratio(Row r) {
        return r.interval("ratio", "ratio_lo", "ratio_hi");
    }

    public static String verdict(Row r) {
        Stats.Interval iv = ratio(r);
        if (!Stats.differsFromOne(iv)) {
            return "no significant difference";
        }
        return iv.centre() > 1 ? "ours faster" : "LMAX faster";
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Row> rows = run.ok(FILE);
        if (rows.isEmpty()) {
            return List.of();
        }
        String name = "disruptor-ratio";
        String title = "Hand-rolled Disruptor ÷ LMAX Disruptor 4, throughput ratio per topology";
        IntervalChart c = new IntervalChart(name, title).axis("ours ÷ LMAX (log); > 1 = ours faster", true).reference(1)
                .series("median of paired ratios; bar = interval");
        Md t = new Md("topology", "wait", "ours ÷ LMAX [interval]", "pairs", "verdict", "flags");
        List<String> palette = new ArrayList<>(RunData.distinct(rows, "wait"));
        for (Row r : rows) {
            Stats.Interval iv = ratio(r);
            c.row(r.get("benchmark") + " " + r.get("wait") + r.marks(), Traits.PALETTE.get(palette.indexOf(r.get("wait")) % Traits.PALETTE.size()))
                    .point(0, IntervalChart.Point.of(iv.centre(), iv.lo(), iv.hi(), Stats.differsFromOne(iv) ? "" : "n.s."));
            t.row(r.get("benchmark"), r.get("wait"), Fmt.withInterval(iv, Fmt::sig3), r.get("pairs"), verdict(r), r.flags());
        }
        c.write(dataDir);
        return List.of(new Plot(script(), name, title, "Each ratio from interleaved pairs of forks (ours, LMAX, ours, LMAX ...), so "
                + "drift shared by a pair cancels; bar = interval of the paired ratios. A bar crossing 1 (n.s.) is no significant "
                + "difference. Colour = wait strategy.", t, RunData.anyOversubscribed(rows) || RunData.anyUnstable(rows)));
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
        List<Row> rows = run.ok(FILE);
        if (rows.isEmpty()) {
            return run.ok("disruptor.csv").isEmpty() ? List.of()
                    : List.of("Ours vs LMAX: this run has no paired ratios (disruptor-ratio.csv), so it cannot say which is faster.");
        }
        long differ = rows.stream().filter(r -> Stats.differsFromOne(ratio(r))).count();
        long flagged = rows.stream().filter(r -> r.oversubscribed() || r.unstable()).count();
        return List.of("Ours vs LMAX: " + differ + " of " + rows.size() + " topology × wait ratios differ significantly from 1"
                + (flagged > 0 ? "; " + flagged + " rows are flagged (oversubscribed or unstable)." : "."));
    }
}
