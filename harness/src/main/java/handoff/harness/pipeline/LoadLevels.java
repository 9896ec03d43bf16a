package handoff.harness.pipeline;

import handoff.harness.results.Cells;
import handoff.harness.report.Fmt;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;

import java.util.ArrayList;
import java.util.List;

/**
 * The offered-load level an open-loop row (or a hop row, through its latency row) was measured at: its
 * {@code load_pct}, else {@code @} and its offered rate (then figures group by rate).
 */
final class LoadLevels {
    private LoadLevels() {
    }

    static String of(Row r) {
        return r.has("load_pct") ? r.get("load_pct") : "@" + r.get("offered_eps");
    }

    static String text(String load) {
        return load.startsWith("@") ? "offered " + Fmt.eps(Cells.parse(load.substring(1)))
                : "offered load " + load + "% of saturation";
    }

    /** The distinct levels of the rows, in order of the number. */
    static List<String> levels(List<Row> rows, java.util.function.Function<Row, String> level) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            if (!out.contains(level.apply(r))) {
                out.add(level.apply(r));
            }
        }
        out.sort((a, b) -> Double.compare(Cells.parse(a.replace("@", "")), Cells.parse(b.replace("@", ""))));
        return out;
    }

    /** The pipeline-latency row a hops row belongs to (for its load level and flags), or null. */
    static Row latencyRowOf(RunData run, Row hop) {
        for (Row r : run.ok(SameRateLatencyFigure.FILE)) {
            if (r.get("transport").equals(hop.get("transport")) && r.get("producers").equals(hop.get("producers"))
                    && r.get("wait").equals(hop.get("wait")) && r.get("work").equals(hop.get("work"))
                    && Cells.parse(r.get("offered_eps")) == Cells.parse(hop.get("offered_eps"))) {
                return r;
            }
        }
        return null;
    }

    /** A hop row's level: its latency row's load_pct, else its offered rate. */
    static String ofHop(RunData run, Row hop) {
        Row l = latencyRowOf(run, hop);
        return l != null && l.has("load_pct") ? l.get("load_pct") : "@" + hop.get("offered_eps");
    }
}
