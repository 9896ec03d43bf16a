package handoff.harness.rtt;

import handoff.harness.report.Doc;
import handoff.harness.report.FigureSection;
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
 * RTT's contribution: the median RTT per transport × wait at each burst (P=1, the configurations a 2-CPU box can
 * run without oversubscription), with the interval over forks where rtt.csv carries it, and the baseline-floor
 * check. 
 */
public final class RttParts implements FigureSection {
    public static final String FILE = "rtt.csv";
    static final String CLOCK = "nanotime";

    @Override
    public List<String> files() {
        return List.of(FILE);
    }

    /** The median over forks of each fork's p50 with its interval; the merged p50 for runs that predate it. */
    public static Stats.Interval p50(Row r) {
        return r.interval(r.has("p50_fork_median_ns") && !r.get("p50_fork_median_ns").isEmpty() ? "p50_fork_median_ns" : "p50_ns",
                "p50_lo_ns", "p50_hi_ns");
    }

    private static List<Row> rows(RunData run, String burst) {
        List<Row> ok = RunData.where(run.ok(FILE), r -> r.get("producers").equals("1") && !r.get("transport").equals(CLOCK));
        return RunData.sorted(RunData.eq(ok, "burst", burst), "wait", "producer_model", "messages");
    }

    private static String label(Row r) {
        String model = r.get("producer_model");
        return r.label() + (model.isEmpty() ? "" : " " + model)
                + ("allocated".equals(r.get("messages")) ? " alloc" : "") + r.marks() + ("true".equals(r.get("bimodal")) ? " (2 modes)" : "");
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<Plot> out = new ArrayList<>();
        List<String> bursts = RunData.distinct(RunData.eq(run.ok(FILE), "producers", "1"), "burst");
        bursts.remove("");
        for (String b : bursts) {
            List<Row> rows = rows(run, b);
            if (rows.isEmpty()) {
                continue;
            }
            String name = "rtt-p1-b" + b;
            String title = "RTT p50 at P=1, burst " + b;
            IntervalChart c = new IntervalChart(name, title).axis("round trip (log)", true).tics(Gp::timeLabel).series("p50");
            Md t = new Md("transport/wait", "p50 [interval of per-fork p50]", "p99", "mean", "forks", "flags");
            for (Row r : rows) {
                Stats.Interval iv = p50(r);
                String modes = "true".equals(r.get("bimodal")) ? "modes " + Fmt.time(r.num("mode_low_ns")) + " / " + Fmt.time(r.num("mode_high_ns")) : "";
                c.row(label(r), run.traits.colour(r.get("transport"))).point(0, IntervalChart.Point.of(iv.centre(), iv.lo(), iv.hi(), modes));
                t.row(label(r), Fmt.withInterval(iv, Fmt::time), Fmt.time(r.num("p99_ns")), Fmt.time(r.num("mean_ns")), r.get("forks"),
                        (r.flags() + " " + modes).trim());
            }
            c.write(dataDir);
            out.add(new Plot(script(), name, title, "Ping-pong round trip through the transport's send path and a fixed SPSC reply "
                    + "path, P=1, burst " + b + "; point = median over forks of each fork's p50, bar = its interval. "
                    + "Rows whose bars do not overlap differ significantly.", t, RunData.anyOversubscribed(rows) || RunData.anyUnstable(rows)));
        }
        return out;
    }

    @Override
    public void write(Doc doc) {
        List<Plot> plots = doc.plots(script()).stream().filter(p -> p.name().startsWith("rtt-")).toList();
        if (plots.isEmpty()) {
            return;
        }
        doc.h2("Round-trip latency (RTT), one producer");
        plots.forEach(doc::figure);
    }

    @Override
    public List<String> verdicts(RunData run) {
        List<String> out = new ArrayList<>();
        List<Row> ok = RunData.where(run.ok(FILE), r -> !r.get("transport").equals(CLOCK));
        if (ok.isEmpty()) {
            return out;
        }
        List<Row> p1 = RunData.eq(ok, "producers", "1");
        long sound = p1.stream().filter(r -> !r.oversubscribed() && !r.unstable() && r.num("forks") >= 3).count();
        out.add("RTT at P=1: " + sound + " of " + p1.size() + " rows are sound (≥ 3 forks, not oversubscribed, not unstable)"
                + (sound == p1.size() ? "; they can rank transports where intervals separate." : "."));
        long over = ok.stream().filter(Row::oversubscribed).count();
        if (over > 0) {
            out.add("RTT at P>1: " + over + " rows ran more threads than CPUs and cannot rank transports.");
        }
        List<String> beaten = new ArrayList<>();
        for (String b : RunData.distinct(p1, "burst")) {
            for (Row base : RunData.eq(RunData.eq(p1, "burst", b), "transport", "baseline")) {
                Stats.Interval floor = p50(base);
                for (Row r : RunData.eq(RunData.eq(p1, "burst", b), "wait", base.get("wait"))) {
                    if (!r.get("transport").equals("baseline") && p50(r).centre() < floor.centre()) {
                        beaten.add(r.get("transport") + "/" + r.get("wait") + " at burst " + b + " (" + Fmt.time(p50(r).centre()) + " vs "
                                + Fmt.time(floor.centre()) + (Stats.separated(p50(r), floor) ? ", significantly" : ", within noise") + ")");
                    }
                }
            }
        }
        if (!beaten.isEmpty()) {
            out.add("**Finding about the baseline:** at P=1 its median RTT is beaten by " + String.join("; ", beaten)
                    + ": the baseline is not a floor in this run, so ratios to it understate the others' cost.");
        }
        return out;
    }
}
