package handoff.harness.pipelinereport;

import handoff.harness.latency.HopLine;
import handoff.harness.latency.LatencyLine;
import handoff.harness.latency.LatencySuite;
import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.pipeline.PipelineLine;
import handoff.harness.results.Cells;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The offered-load level an open-loop row (or a hop row, through its latency row) was measured at: its
 * {@code load_pct}, else {@code @} and its offered rate (then figures group by rate).
 */
final class LoadLevels {
    private static final Prose TEXT = Prose.of("pipeline-figures");

    private LoadLevels() {
    }

    static String of(TextLine r) {
        LatencyLine l = LatencyLine.of(r);
        return !l.loadPct().isEmpty() ? l.loadPct() : "@" + l.offeredEps();
    }

    /**
     * What a load level really is (issue 40): a fraction of which rate, and the absolute rate(s) offered, e.g.
     * {@code offered 84.1 k/s to every configuration (50 % of the slowest configuration's sustainable open-loop
     * rate; 1.5–4.5 % of their saturation throughput)}; {@code rows} are the level's latency rows.
     */
    static String text(RunData run, String load, List<TextLine> rows) {
        if (load.startsWith("@")) {
            return TEXT.fill("load.offered").with("rate", NumberText.eps(Cells.parse(load.substring(1)))).text();
        }
        List<String> parts = new ArrayList<>();
        List<TextLine> common = RunData.eq(rows, "rate_basis", LatencySuite.COMMON);
        List<TextLine> own = RunData.where(rows, r -> !LatencySuite.COMMON.equals(LatencyLine.of(r).rateBasis()));
        if (!common.isEmpty()) {
            parts.add(TEXT.fill("load.common").with("range", range(common)).with("load", load)
                    .with("saturation", ofSaturation(run, common)).text());
        }
        if (!own.isEmpty()) {
            parts.add(TEXT.fill("load.own").with("load", load).with("range", range(own)).with("saturation", ofSaturation(run, own)).text());
        }
        return String.join("; ", parts);
    }

    private static String range(List<TextLine> rows) {
        double lo = rows.stream().mapToDouble(r -> LatencyLine.of(r).offered()).min().orElse(Double.NaN);
        double hi = rows.stream().mapToDouble(r -> LatencyLine.of(r).offered()).max().orElse(Double.NaN);
        return NumberText.rate(lo).equals(NumberText.rate(hi)) ? NumberText.rate(lo) : NumberText.rate(lo) + "–" + NumberText.rate(hi);
    }

    /** "; x–y % of their saturation throughput" from the pipeline suite's one-worker rows, or "" without them. */
    private static String ofSaturation(RunData run, List<TextLine> rows) {
        List<TextLine> sat = RunData.eq(run.ok(ThroughputFigure.FILE), "workers", "1"); // as the decision table's
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (TextLine r : rows) {
            LatencyLine l = LatencyLine.of(r);
            TextLine s = DecisionSection.match(RunData.eq(RunData.eq(sat, "producers", l.producers()), "work", l.work()), r);
            if (s == null || Double.isNaN(PipelineLine.of(s).throughputEps())) {
                return "";
            }
            double f = 100 * l.offered() / PipelineLine.of(s).throughputEps();
            lo = Math.min(lo, f);
            hi = Math.max(hi, f);
        }
        return rows.isEmpty() ? "" : TEXT.fill("load.of-saturation").with("range",
                NumberText.sig3(lo).equals(NumberText.sig3(hi)) ? NumberText.sig3(lo) : NumberText.sig3(lo) + "–" + NumberText.sig3(hi)).text();
    }

    /** The distinct levels of the rows, in order of the number. */
    static List<String> levels(List<TextLine> rows, Function<TextLine, String> level) {
        List<String> out = new ArrayList<>();
        for (TextLine r : rows) {
            if (!out.contains(level.apply(r))) {
                out.add(level.apply(r));
            }
        }
        out.sort((a, b) -> Double.compare(Cells.parse(a.replace("@", "")), Cells.parse(b.replace("@", ""))));
        return out;
    }

    /** The pipeline-latency row a hops row belongs to (for its load level and flags), or null. */
    static TextLine latencyRowOf(RunData run, TextLine hop) {
        HopLine h = HopLine.of(hop);
        for (TextLine r : run.ok(SameRateLatencyFigure.FILE)) {
            LatencyLine l = LatencyLine.of(r);
            if (l.transport().equals(h.transport()) && l.producers().equals(h.producers())
                    && l.waitStrategy().equals(h.waitStrategy()) && l.work().equals(h.work())
                    && l.offered() == Cells.parse(h.offeredEps())) {
                return r;
            }
        }
        return null;
    }

    /** A hop row's level: its latency row's load_pct, else its offered rate. */
    static String ofHop(RunData run, TextLine hop) {
        TextLine l = latencyRowOf(run, hop);
        return l != null && !LatencyLine.of(l).loadPct().isEmpty() ? LatencyLine.of(l).loadPct() : "@" + HopLine.of(hop).offeredEps();
    }
}
