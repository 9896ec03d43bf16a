package handoff.harness.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import static handoff.harness.report.Figures.*;

/**
 * The detail appendix's RTT bars and percentile distributions (RTT and pipeline latency, HdrHistogram style with
 * the max kept), written through the same {@link Figures} bookkeeping as the rest of that appendix.
 */
final class HistogramFigures {
    private final Figures figs;

    HistogramFigures(Figures figs) {
        this.figs = figs;
    }

    // ---------------------------------------------------------------------------------------------------
    // RTT: grouped bars of mean and p99 per transport × producers, one figure per burst, baseline as line

    void rttBars() throws IOException {
        Csv file = figs.run.get(RunData.RTT);
        if (file == null) {
            return;
        }
        // not-ok rows stay in: they become empty slots labelled with their status, so a gap is never mistaken for 0
        List<Row> rows = RunData.where(file.rows, r -> !r.get("transport").equals("baseline") && !r.get("transport").equals("nanotime"));
        boolean multiWait = multi(rows, "wait");
        for (String burst : RunData.distinct(rows, "burst")) {
            List<Row> rs = RunData.sorted(RunData.eq(rows, "burst", burst), "producers", "wait");
            if (RunData.where(rs, Row::ok).isEmpty()) {
                continue; // nothing to draw; the report's failure section lists these rows
            }
            StringBuilder status = new StringBuilder("# x status  (not-ok rows: no bars)\n");
            Figure f = figs.add("rtt-bars", "rtt-bars-b" + safe(burst), "RTT, burst of " + burst + ": mean and p99 per transport x producers");
            f.rows.addAll(rs);
            StringBuilder dat = new StringBuilder("# x mean_ns p99_ns p99_fork_min_ns p99_fork_max_ns label\n");
            double lo = Double.NaN;
            double hi = Double.NaN;
            double x = 0;
            String prev = null;
            for (Row r : rs) {
                x += prev != null && !prev.equals(r.get("transport")) ? 1.6 : 1; // a gap between transports
                prev = r.get("transport");
                if (!r.ok()) {
                    status.append(Fmt.dat(x)).append(' ').append(q(r.statusKind())).append('\n');
                }
                double p99 = r.num("p99_ns");
                double mn = r.num("p99_fork_min_ns");
                double mx = r.num("p99_fork_max_ns");
                dat.append(Fmt.dat(x)).append(' ').append(Fmt.dat(r.num("mean_ns"))).append(' ').append(Fmt.dat(p99)).append(' ')
                        .append(Fmt.dat(Double.isNaN(mn) ? p99 : mn)).append(' ').append(Fmt.dat(Double.isNaN(mx) ? p99 : mx)).append(' ')
                        .append(q(r.get("transport") + (multiWait ? "/" + r.get("wait") : "") + " P" + r.get("producers") + r.marks())).append('\n');
                for (String c : List.of("mean_ns", "p99_ns", "p99_fork_min_ns", "p99_fork_max_ns")) {
                    lo = posMin(lo, r.num(c));
                    hi = max(hi, r.num(c));
                }
            }
            // reference lines: the wait-free baseline (P=1) at this burst, and the nanoTime pair overhead
            List<String> refTitle = new ArrayList<>();
            List<String> refDash = new ArrayList<>();
            List<String> refColour = new ArrayList<>();
            StringBuilder ref = new StringBuilder();
            Row base = pickByWait(RunData.eq(RunData.eq(figs.run.rttTransports(), "transport", "baseline"), "burst", burst), rs);
            if (base != null) {
                for (String c : List.of("mean_ns", "p99_ns")) {
                    double v = base.num(c);
                    if (v > 0) {
                        refTitle.add("baseline " + c.replace("_ns", "") + " (P=" + base.get("producers") + ", " + base.get("wait") + "): "
                                + Fmt.time(v) + base.marks());
                        refDash.add(c.startsWith("mean") ? "2" : "4");
                        refColour.add("#000000");
                        ref.append("0 ").append(Fmt.dat(v)).append('\n').append(Fmt.dat(x + 1)).append(' ').append(Fmt.dat(v)).append("\n\n\n");
                        lo = posMin(lo, v);
                        hi = max(hi, v);
                    }
                }
                f.rows.add(base);
            } else {
                f.notes.add("no baseline row at burst " + burst + ": no reference line");
            }
            Row ovh = firstOk(RunData.eq(figs.run.ok(RunData.RTT), "transport", "nanotime"));
            if (ovh != null && ovh.num("mean_ns") > 0) {
                double v = ovh.num("mean_ns");
                refTitle.add("timing overhead (two nanoTime calls): " + Fmt.time(v));
                refDash.add("3");
                refColour.add("#7f7f7f");
                ref.append("0 ").append(Fmt.dat(v)).append('\n').append(Fmt.dat(x + 1)).append(' ').append(Fmt.dat(v)).append("\n\n\n");
                lo = posMin(lo, v);
            }
            if (Double.isNaN(lo)) {
                lo = 1;
                hi = 10;
            }
            figs.write(f.name + ".dat", dat.toString());
            figs.write(f.name + "-ref.dat", ref.length() == 0 ? NOTHING : ref.toString());
            figs.write(f.name + "-status.dat", status.append(NOTHING).toString());
            int width = (int) Math.max(900, Math.min(2400, 260 + 34 * x));
            Gp g = figs.header(f, width, 620)
                    .num("xmax", x + 1).num("ymin", Gp.decadeBelow(lo)).num("ymax", Gp.decadeAbove(hi * 1.5))
                    .line(Gp.logTimeTics("y", Gp.decadeBelow(lo), Gp.decadeAbove(hi * 1.5)))
                    .num("n_ref", refTitle.size()).array("ref_title", refTitle).numArray("ref_dash", nums(refDash)).array("ref_colour", refColour);
            figs.write(f.name + ".gp", g.toString());
        }
    }

    /** The reference row with the same wait as most plotted rows, else the first by wait order. */
    static Row pickByWait(List<Row> candidates, List<Row> plotted) {
        if (candidates.isEmpty()) {
            return null;
        }
        for (String w : RunData.distinct(plotted, "wait")) {
            for (Row c : candidates) {
                if (c.get("wait").equals(w)) {
                    return c;
                }
            }
        }
        return RunData.sorted(candidates, "wait").get(0);
    }

    static Row firstOk(List<Row> rows) {
        return rows.isEmpty() ? null : rows.get(0);
    }

    // ---------------------------------------------------------------------------------------------------
    // Percentile distributions (HdrHistogram style), max kept

    void rttHdr() throws IOException {
        List<Row> rows = RunData.where(figs.run.rttTransports(), r -> !r.get("transport").equals("baseline"));
        List<Row> bases = RunData.eq(figs.run.rttTransports(), "transport", "baseline");
        boolean multiWait = multi(rows, "wait");
        for (String burst : RunData.distinct(rows, "burst")) {
            for (String p : RunData.distinct(RunData.eq(rows, "burst", burst), "producers")) {
                List<Row> g = RunData.eq(RunData.eq(rows, "burst", burst), "producers", p);
                for (String w : g.size() > MAX_SERIES ? RunData.distinct(g, "wait") : List.of("")) {
                    List<Row> gw = RunData.sorted(w.isEmpty() ? g : RunData.eq(g, "wait", w), "wait");
                    String name = "rtt-hdr-p" + safe(p) + "-b" + safe(burst) + (w.isEmpty() ? "" : "-" + safe(w));
                    Figure f = new Figure("hdr", name, "RTT percentile distribution, P=" + p + ", burst " + burst
                            + (w.isEmpty() ? "" : ", wait " + w));
                    for (Row r : gw) {
                        addSeries(f, label(r, multiWait), r, false);
                    }
                    Row base = pickByWait(RunData.eq(bases, "burst", burst), gw);
                    if (base != null) {
                        addSeries(f, "baseline (P=" + base.get("producers") + ", " + base.get("wait") + ")" + base.marks(), base, true);
                    }
                    hdr(f, "RTT (first send -> reply)");
                }
            }
        }
    }

    void latencyHdr() throws IOException {
        List<Row> rows = figs.run.ok(RunData.LATENCY);
        boolean multiWait = multi(rows, "wait");
        for (String p : RunData.distinct(rows, "producers")) {
            for (String work : RunData.distinct(RunData.eq(rows, "producers", p), "work")) {
                List<Row> pw = RunData.eq(RunData.eq(rows, "producers", p), "work", work);
                for (String load : loadLevels(pw)) {
                    List<Row> g = RunData.where(pw, r -> loadOf(r).equals(load));
                    for (String w : g.size() > MAX_SERIES ? RunData.distinct(g, "wait") : List.of("")) {
                        List<Row> gw = RunData.sorted(w.isEmpty() ? g : RunData.eq(g, "wait", w), "wait");
                        String name = "lat-hdr-p" + safe(p) + "-w" + safe(work) + "-l" + safe(load) + (w.isEmpty() ? "" : "-" + safe(w));
                        Figure f = new Figure("hdr", name, "Pipeline end-to-end latency distribution (open loop), P=" + p + ", work=" + work
                                + ", " + loadText(load) + (w.isEmpty() ? "" : ", wait " + w));
                        for (Row r : gw) {
                            addSeries(f, label(r, multiWait), r, false);
                        }
                        hdr(f, "latency (intended send -> aggregated)");
                    }
                }
            }
        }
    }

    /** Load level of a latency row: its load_pct, else its offered rate (then figures group by rate). */
    static String loadOf(Row r) {
        return r.has("load_pct") ? r.get("load_pct") : "@" + r.get("offered_eps");
    }

    static String loadText(String load) {
        return load.startsWith("@") ? "offered " + Fmt.eps(RunData.parse(load.substring(1)))
                : "offered load " + load + "% of saturation";
    }

    static List<String> loadLevels(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            if (!out.contains(loadOf(r))) {
                out.add(loadOf(r));
            }
        }
        out.sort((a, b) -> Double.compare(RunData.parse(a.replace("@", "")), RunData.parse(b.replace("@", ""))));
        return out;
    }

    private void addSeries(Figure f, String label, Row r, boolean reference) {
        Path p = figs.run.hgrm(r);
        if (p == null) {
            f.notes.add("no histogram file for " + r.describe(RunData.KEYS.get(r.file())) + " (hgrm='" + r.get("hgrm") + "')");
            return;
        }
        try {
            Hgrm h = Hgrm.read(p);
            if (h.points.isEmpty()) {
                f.notes.add("empty histogram " + figs.run.dir.relativize(p));
                return;
            }
            f.series.add(new Series(label, r, h, reference));
        } catch (IOException | RuntimeException e) {
            f.notes.add("unreadable histogram " + figs.run.dir.relativize(p) + ": " + e.getMessage());
        }
    }

    /** 1/(1-p) decade e as a percentile label: 0 -> 0%, 1 -> 90%, 3 -> 99.9%. */
    static String percentileLabel(int e) {
        if (e == 0) {
            return "0%";
        }
        if (e == 1) {
            return "90%";
        }
        return "99" + (e > 2 ? "." + "9".repeat(e - 2) : "") + "%";
    }

    private void hdr(Figure f, String what) throws IOException {
        if (f.series.isEmpty()) {
            figs.problems.add(f.name + ": no histogram could be read, figure skipped (" + String.join("; ", f.notes) + ")");
            return;
        }
        figs.all.add(f);
        figs.lists.get("hdr").append(f.name).append(' ');
        double lastX = 10;
        double lo = Double.NaN;
        double hi = Double.NaN;
        for (Series s : f.series) {
            lastX = Math.max(lastX, s.hgrm.lastX());
            for (double[] pt : s.hgrm.points) {
                lo = posMin(lo, pt[1]);
            }
            hi = max(hi, s.hgrm.max);
        }
        int decades = Math.max(2, (int) Math.ceil(Math.log10(lastX) - 1e-9));
        // the max sits at a finite x past the last percentile decade, labelled "max"
        double maxX = Math.pow(10, decades + 0.6);
        // 0% (x = 1) is the left edge; labelling it too would collide with 50% (x = 2) on a log axis
        StringBuilder tics = new StringBuilder("set xtics (\"50%%\" 2");
        for (int e = 1; e <= decades; e++) {
            // tic labels are printf formats to gnuplot: a literal % must be written %%
            tics.append(", \"").append(percentileLabel(e).replace("%", "%%")).append("\" ").append(Fmt.dat(Math.pow(10, e)));
        }
        tics.append(", \"max\" ").append(Fmt.dat(maxX)).append(')');
        List<String> titles = new ArrayList<>();
        List<String> colours = new ArrayList<>();
        List<String> dashes = new ArrayList<>();
        StringBuilder maxDat = new StringBuilder("# per series (one block each): last finite percentile point, then the max at x = max position\n");
        for (int i = 0; i < f.series.size(); i++) {
            Series s = f.series.get(i);
            StringBuilder d = new StringBuilder("# 1/(1-p) value_ns  from " + figs.run.dir.relativize(figs.run.hgrm(s.row)) + "\n");
            for (double[] pt : s.hgrm.points) {
                d.append(Fmt.dat(pt[0])).append(' ').append(Fmt.dat(pt[1])).append('\n');
            }
            figs.write(f.name + "-s" + (i + 1) + ".dat", d.toString());
            double[] last = s.hgrm.points.get(s.hgrm.points.size() - 1);
            maxDat.append(Fmt.dat(last[0])).append(' ').append(Fmt.dat(last[1])).append('\n')
                    .append(Fmt.dat(maxX)).append(' ').append(Fmt.dat(s.hgrm.max)).append("\n\n\n");
            titles.add(s.label + "  (max " + Fmt.time(s.hgrm.max) + ")");
            colours.add(figs.colour(s.row.get("transport")));
            dashes.add(s.reference ? "2" : "1");
        }
        figs.write(f.name + "-max.dat", maxDat.toString());
        double ymin = Gp.decadeBelow(lo);
        double ymax = Gp.decadeAbove(hi * 1.2);
        Gp g = figs.header(f, 1100, 760).str("y_label", what)
                .num("n_series", f.series.size()).array("s_title", titles).array("s_colour", colours).numArray("s_dash", nums(dashes))
                .num("xmax", Math.pow(10, decades + 1)).num("max_x", maxX).num("last_decade", Math.pow(10, decades))
                .num("ymin", ymin).num("ymax", ymax)
                .line(tics.toString()).line(Gp.logTimeTics("y", ymin, ymax));
        figs.write(f.name + ".gp", g.toString());
    }

}
