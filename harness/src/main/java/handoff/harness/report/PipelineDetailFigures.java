package handoff.harness.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static handoff.harness.report.Figures.*;
import static handoff.harness.report.HistogramFigures.loadOf;
import static handoff.harness.report.HistogramFigures.loadText;
import static handoff.harness.report.HistogramFigures.loadLevels;

/**
 * The detail appendix's pipeline figures (latency against own-saturation load, per-hop breakdown, allocation, the
 * JMH Disruptor table), written through the same {@link Figures} bookkeeping as the rest of that appendix.
 */
final class PipelineDetailFigures {
    private final Figures figs;

    PipelineDetailFigures(Figures figs) {
        this.figs = figs;
    }

    // ---------------------------------------------------------------------------------------------------
    // Pipeline saturation throughput per transport × wait, JMH error bars

    private List<List<Row>> pipelineGroups(List<Row> rows, List<String> names, List<String> titles, String prefix) {
        List<List<Row>> out = new ArrayList<>();
        boolean multiWorkers = multi(rows, "workers");
        for (String p : RunData.distinct(rows, "producers")) {
            for (String work : RunData.distinct(RunData.eq(rows, "producers", p), "work")) {
                List<Row> pw = RunData.eq(RunData.eq(rows, "producers", p), "work", work);
                for (String k : multiWorkers ? RunData.distinct(pw, "workers") : List.of("")) {
                    out.add(k.isEmpty() ? pw : RunData.eq(pw, "workers", k));
                    names.add(prefix + "-p" + safe(p) + "-w" + safe(work) + (k.isEmpty() ? "" : "-k" + safe(k)));
                    titles.add("P=" + p + ", work=" + work + (k.isEmpty() ? "" : ", workers=" + k));
                }
            }
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------------
    // Latency vs offered load: p50 and p99 against the offered rate, one line per transport

    /**
     * One panel per producers × work × wait (8 transports × p50/p99 stay readable in one panel); none where the
     * run offered a single rate, which the main report's same-rate figure already shows.
     */
    void load() throws IOException {
        List<Row> rows = figs.run.ok(RunData.LATENCY);
        for (String p : RunData.distinct(rows, "producers")) {
            for (String work : RunData.distinct(RunData.eq(rows, "producers", p), "work")) {
                for (String wait : RunData.distinct(RunData.eq(RunData.eq(rows, "producers", p), "work", work), "wait")) {
                    List<Row> pw = RunData.eq(RunData.eq(RunData.eq(rows, "producers", p), "work", work), "wait", wait);
                    if (RunData.distinct(pw, "offered_eps").size() < 2) {
                        continue;
                    }
                    loadPanel(pw, "load-p" + safe(p) + "-w" + safe(work) + "-" + safe(wait),
                            "Pipeline latency vs offered load (open loop), P=" + p + ", work=" + work + ", wait " + wait);
                }
            }
        }
    }

    private void loadPanel(List<Row> pw, String name, String title) throws IOException {
        Figure f = figs.add("load", name, title);
        f.rows.addAll(RunData.sorted(pw, "offered_eps"));
        Figures.XySeries xy = figs.new XySeries(f);
        xy.perTransportAndWait(pw, "offered_eps", false, "# offered_Meps achieved_Meps p50_ns p99_ns load_pct sustained", (r, d) -> {
            double off = r.num("offered_eps");
            double ach = r.num("achieved_eps");
            boolean sustained = (Double.isNaN(ach) || ach >= 0.95 * off) && !"true".equals(r.get("saturated")); // saturated: buffer-bound
            d.append(Fmt.dat(off / 1e6)).append(' ').append(Fmt.dat(ach / 1e6)).append(' ')
                    .append(Fmt.dat(r.num("p50_ns"))).append(' ').append(Fmt.dat(r.num("p99_ns"))).append(' ')
                    .append(Fmt.dat(r.num("load_pct"))).append(' ').append(sustained ? 1 : 0).append('\n');
            xy.extend(off / 1e6, r.num("p50_ns"), r.num("p99_ns"));
        });
        Gp g = xy.gp(1100, 650, 1.5);
        g.line(Gp.logTimeTics("y", xy.ymin, xy.ymax)).line(Gp.logPlainTics("x", xy.xmin, xy.xmax));
        figs.write(f.name + ".gp", g.toString());
    }

    // ---------------------------------------------------------------------------------------------------
    // Per-stage (hop) breakdown: stacked mean per hop; means add up, percentiles would not

    /** The pipeline-latency row a hops row belongs to (for its load level and flags), or null. */
    Row latencyRowOf(Row hop) {
        for (Row r : figs.run.ok(RunData.LATENCY)) {
            if (r.get("transport").equals(hop.get("transport")) && r.get("producers").equals(hop.get("producers"))
                    && r.get("wait").equals(hop.get("wait")) && r.get("work").equals(hop.get("work"))
                    && RunData.parse(r.get("offered_eps")) == RunData.parse(hop.get("offered_eps"))) {
                return r;
            }
        }
        return null;
    }

    String hopLoad(Row hop) {
        Row l = latencyRowOf(hop);
        return l != null && l.has("load_pct") ? l.get("load_pct") : "@" + hop.get("offered_eps");
    }

    void hops() throws IOException {
        List<Row> rows = figs.run.ok(RunData.HOPS);
        boolean multiWait = multi(rows, "wait");
        for (String p : RunData.distinct(rows, "producers")) {
            for (String work : RunData.distinct(RunData.eq(rows, "producers", p), "work")) {
                List<Row> pw = RunData.eq(RunData.eq(rows, "producers", p), "work", work);
                List<String> loads = new ArrayList<>();
                for (Row r : pw) {
                    if (!loads.contains(hopLoad(r))) {
                        loads.add(hopLoad(r));
                    }
                }
                loads.sort((a, b) -> Double.compare(RunData.parse(a.replace("@", "")), RunData.parse(b.replace("@", ""))));
                for (String load : loads) {
                    List<Row> g = RunData.sorted(RunData.where(pw, r -> hopLoad(r).equals(load)), "wait", "hop");
                    Figure f = figs.add("hops", "hops-p" + safe(p) + "-w" + safe(work) + "-l" + safe(load),
                            "Per-hop latency breakdown (stacked means), P=" + p + ", work=" + work + ", " + loadText(load));
                    f.rows.addAll(g);
                    List<String> hops = new ArrayList<>(RunData.HOP_ORDER);
                    for (Row r : g) {
                        if (!hops.contains(r.get("hop"))) {
                            hops.add(r.get("hop"));
                        }
                    }
                    List<String> bars = new ArrayList<>();
                    List<Row> flagRows = new ArrayList<>();
                    for (Row r : g) {
                        String k = r.get("transport") + "\u0001" + r.get("wait");
                        if (!bars.contains(k)) {
                            bars.add(k);
                            Row l = latencyRowOf(r);
                            flagRows.add(l);
                        }
                    }
                    double hi = 0;
                    double[][] cum = new double[bars.size()][hops.size() + 1];
                    for (int b = 0; b < bars.size(); b++) {
                        String[] k = bars.get(b).split("\u0001", -1);
                        for (int h = 0; h < hops.size(); h++) {
                            double v = Double.NaN;
                            for (Row r : g) {
                                if (r.get("transport").equals(k[0]) && r.get("wait").equals(k[1]) && r.get("hop").equals(hops.get(h))) {
                                    v = r.num("mean_ns");
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
                        Row fr = flagRows.get(b);
                        dat.append(b + 1);
                        for (double c : cum[b]) {
                            dat.append(' ').append(Fmt.dat(c / scale));
                        }
                        dat.append(' ').append(q(Fmt.sig3(cum[b][hops.size()] / scale) + " " + unit))
                                .append(' ').append(q(k[0] + (multiWait ? "/" + k[1] : "") + (fr == null ? "" : fr.marks()))).append('\n');
                        if (fr != null) {
                            f.rows.add(fr); // so the figure's oversubscribed note covers the trial's flags
                        }
                    }
                    figs.write(f.name + ".dat", dat.toString());
                    List<String> hc = new ArrayList<>();
                    for (int h = 0; h < hops.size(); h++) {
                        hc.add(HOP_COLOURS.get(h % HOP_COLOURS.size()));
                    }
                    Gp gp = figs.header(f, Math.min(1400, Math.max(900, 300 + 2 * 45 * bars.size())), 620).num("n_hops", hops.size()).array("h_title", hops)
                            .array("h_colour", hc).num("n_bars", bars.size()).num("ymax", hi <= 0 ? 1 : hi / scale * 1.18)
                            .str("yunit", unit);
                    figs.write(f.name + ".gp", gp.toString());
                }
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Allocation per event and GC time, from the saturation runs

    void alloc() throws IOException {
        List<String> names = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        List<Row> all = figs.run.ok(RunData.PIPELINE);
        boolean multiWait = multi(all, "wait");
        List<List<Row>> groups = pipelineGroups(all, names, titles, "alloc");
        for (int gi = 0; gi < groups.size(); gi++) {
            List<Row> rs = RunData.sorted(groups.get(gi), "wait");
            Figure f = figs.add("alloc", names.get(gi), "Allocation per event and GC time (saturation runs), " + titles.get(gi));
            f.rows.addAll(rs);
            StringBuilder dat = new StringBuilder("# x alloc_bytes_per_event gc_time_ms label\n");
            double a = 0;
            double t = 0;
            for (int i = 0; i < rs.size(); i++) {
                Row r = rs.get(i);
                dat.append(i + 1).append(' ').append(Fmt.dat(r.num("alloc_bytes_per_event"))).append(' ')
                        .append(Fmt.dat(r.num("gc_time_ms"))).append(' ').append(q(label(r, multiWait))).append('\n');
                a = max(a, r.num("alloc_bytes_per_event"));
                t = max(t, r.num("gc_time_ms"));
            }
            figs.write(f.name + ".dat", dat.toString());
            Gp g = figs.header(f, Math.max(1000, 240 + 2 * 60 * rs.size()), 600).num("n_bars", rs.size())
                    .num("amax", a > 0 ? a * 1.2 : 1).num("tmax", t > 0 ? t * 1.2 : 1);
            figs.write(f.name + ".gp", g.toString());
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Unicast 1P->1C: time to move N items, log-log

    // ---------------------------------------------------------------------------------------------------
    // Hand-rolled Disruptor vs LMAX Disruptor 4: one panel per benchmark, bars per wait

    static final List<String> BENCH_ORDER = List.of("unicast_1p1c", "sequencer_3p1c", "pipeline_1p3c");

    void disruptor() throws IOException {
        Csv file = figs.run.get(RunData.DISRUPTOR);
        if (file == null || file.ok().isEmpty()) {
            return;
        }
        List<Row> rows = file.rows;
        Figure f = figs.add("disruptor", "disruptor", "Hand-rolled Disruptor vs LMAX Disruptor 4 (JMH)");
        List<String> benches = RunData.distinct(rows, "benchmark");
        benches.sort((a, b) -> Integer.compare(RunData.rank(BENCH_ORDER, a), RunData.rank(BENCH_ORDER, b)));
        List<String> bt = new ArrayList<>();
        List<String> bu = new ArrayList<>();
        List<String> bx = new ArrayList<>();
        List<Double> bmax = new ArrayList<>();
        List<Double> bn = new ArrayList<>();
        for (int bi = 0; bi < benches.size(); bi++) {
            List<Row> b = RunData.eq(rows, "benchmark", benches.get(bi));
            List<String> waits = RunData.distinct(b, "wait");
            String unit = "";
            for (Row r : b) {
                unit = unit.isEmpty() ? r.get("unit") : unit;
            }
            double hi = 0;
            for (Row r : b) {
                hi = max(hi, r.num("score") + (Double.isNaN(r.num("score_err")) ? 0 : r.num("score_err")));
            }
            double scale = unit.endsWith("/s") && hi >= 1e6 ? 1e6 : 1;
            StringBuilder d = new StringBuilder("# block 0: disruptor, block 1: lmax; x score low high label\n");
            StringBuilder status = new StringBuilder("# x status  (not-ok rows: no bar)\n");
            for (String impl : List.of("disruptor", "lmax")) {
                for (Row r : RunData.eq(b, "impl", impl)) {
                    double x = waits.indexOf(r.get("wait")) + 1 + (impl.equals("disruptor") ? -0.2 : 0.2);
                    if (!r.ok()) {
                        status.append(Fmt.dat(x)).append(' ').append(q(impl + ": " + r.statusKind())).append('\n');
                        continue;
                    }
                    double v = r.num("score") / scale;
                    double e = Double.isNaN(r.num("score_err")) ? 0 : r.num("score_err") / scale;
                    d.append(Fmt.dat(x)).append(' ').append(Fmt.dat(v)).append(' ').append(Fmt.dat(Math.max(0, v - e))).append(' ')
                            .append(Fmt.dat(v + e)).append(' ').append(q(Fmt.sig3(v) + r.marks())).append('\n');
                }
                d.append("\n\n");
            }
            f.rows.addAll(RunData.sorted(b, "wait"));
            figs.write(f.name + "-b" + (bi + 1) + ".dat", d.toString());
            figs.write(f.name + "-b" + (bi + 1) + "-status.dat", status.append(NOTHING).toString());
            StringBuilder tics = new StringBuilder("set xtics (");
            for (int i = 0; i < waits.size(); i++) {
                tics.append(i == 0 ? "" : ", ").append('"').append(waits.get(i)).append("\" ").append(i + 1);
            }
            bt.add(benches.get(bi));
            bu.add((scale == 1e6 ? "M " : "") + unit + (unit.endsWith("/s") || unit.startsWith("ops") ? " (higher is better)" : " (lower is better)"));
            bx.add(tics.append(')').toString());
            bmax.add(hi > 0 ? hi / scale * 1.5 : 1); // headroom so the key sits above the bars
            bn.add((double) waits.size());
        }
        Gp g = figs.header(f, Math.max(900, 420 * benches.size()), 600).num("n_bench", benches.size())
                .array("b_title", bt).array("b_unit", bu).array("b_xtics", bx).numArray("b_ymax", bmax).numArray("b_nwaits", bn);
        figs.write(f.name + ".gp", g.toString());
    }
}
