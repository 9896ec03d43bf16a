package handoff.harness.pipeline;

import handoff.harness.report.FigureKind;
import handoff.harness.report.Fmt;
import handoff.harness.report.Gp;
import handoff.harness.report.IntervalChart;
import handoff.harness.report.Md;
import handoff.harness.report.Plot;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;
import handoff.harness.trial.Stats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * End-to-end p50 and p99 at one absolute offered rate for every transport (the {@code common} rows of
 * pipeline-latency.csv), medians over forks with intervals; one figure per P and rate.
 */
public final class SameRateLatencyFigure implements FigureKind {
    static final String FILE = "pipeline-latency.csv";

    @Override
    public String script() {
        return IntervalChart.SCRIPT;
    }

    static List<Row> common(RunData run) {
        return RunData.eq(run.ok(FILE), "rate_basis", LatencySuite.COMMON);
    }

    static Stats.Interval p50(Row r) {
        return r.interval("p50_ns", "p50_lo_ns", "p50_hi_ns");
    }

    static Stats.Interval p99(Row r) {
        return r.interval("p99_ns", "p99_lo_ns", "p99_hi_ns");
    }

    static String overload(Row r) {
        return "true".equals(r.get("overloaded")) ? "overloaded" : "";
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<Row> all = common(run);
        for (String p : RunData.distinct(all, "producers")) {
            for (String pct : RunData.distinct(RunData.eq(all, "producers", p), "load_pct")) {
                List<Row> rows = RunData.sorted(RunData.eq(RunData.eq(all, "producers", p), "load_pct", pct), "wait");
                double rate = rows.get(0).num("offered_eps");
                String name = "pipeline-latency-p" + p + "-common" + pct;
                String title = "Pipeline end-to-end latency at " + Fmt.rate(rate) + " offered to every transport, P=" + p;
                IntervalChart c = new IntervalChart(name, title).axis("latency (log)", true).tics(Gp::timeLabel)
                        .series("p50").series("p99").note("one rate for all: " + pct + " % of the slowest configuration's saturation");
                Md t = new Md("transport/wait", "p50 [interval]", "p99 [interval]", "achieved", "backlog growth", "flags");
                for (Row r : rows) {
                    String label = r.label() + r.marks();
                    Stats.Interval a = p50(r);
                    Stats.Interval b = p99(r);
                    c.row(label, run.traits.colour(r.get("transport")))
                            .point(0, IntervalChart.Point.of(a.centre(), a.lo(), a.hi(), ""))
                            .point(1, IntervalChart.Point.of(b.centre(), b.lo(), b.hi(), overload(r)));
                    t.row(label, Fmt.withInterval(a, Fmt::time), Fmt.withInterval(b, Fmt::time), Fmt.rate(r.num("achieved_eps")),
                            Fmt.rate(r.num("backlog_growth_eps")), (r.flags() + " " + overload(r)).trim());
                }
                c.write(dataDir);
                out.add(new Plot(script(), name, title, "Open loop, free of coordinated omission: every transport offered the same "
                        + Fmt.rate(rate) + " (" + pct + " % of the slowest configuration's measured saturation), so rows compare at "
                        + "equal load. Percentiles of the merged histogram; bars = interval of the per-fork percentile. "
                        + "`overloaded` = the backlog grew through the window (a queue, not a hand-off, is being measured).",
                        t, RunData.anyOversubscribed(rows)));
            }
        }
        return out;
    }
}
