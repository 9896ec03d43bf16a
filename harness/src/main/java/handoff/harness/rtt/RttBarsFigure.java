package handoff.harness.rtt;

import handoff.harness.report.Csv;
import handoff.harness.report.FigureData;
import handoff.harness.report.FigureKind;
import handoff.harness.report.Fmt;
import handoff.harness.report.Gp;
import handoff.harness.report.Md;
import handoff.harness.report.Plot;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static handoff.harness.report.FigureData.max;
import static handoff.harness.report.FigureData.posMin;
import static handoff.harness.report.FigureData.q;

/**
 * The details appendix's RTT bars ({@code plots/rtt-bars.gp}): mean and p99 per transport × producers, one figure per
 * burst, log scale, p99's min–max over forks as an error bar; the wait-free baseline (P=1) at that burst and the
 * timing overhead as reference lines. Not-ok rows stay in as empty slots labelled with their status, so a gap is
 * never read as 0.
 */
final class RttBarsFigure implements FigureKind {
    static final String SCRIPT = "rtt-bars";

    @Override
    public String script() {
        return SCRIPT;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        Csv file = run.get(RttParts.FILE);
        if (file == null) {
            return List.of();
        }
        List<Plot> out = new ArrayList<>();
        List<Row> rows = RunData.where(file.rows(), r -> !r.get("transport").equals("baseline") && !r.get("transport").equals(RttParts.CLOCK));
        boolean multiWait = FigureData.multi(rows, "wait");
        for (String burst : RunData.distinct(rows, "burst")) {
            List<Row> rs = RunData.sorted(RunData.eq(rows, "burst", burst), "producers", "wait");
            if (RunData.where(rs, Row::ok).isEmpty()) {
                continue; // nothing to draw; the status appendix lists these rows
            }
            out.add(figure(run, dataDir, burst, rs, multiWait));
        }
        return out;
    }

    private static Plot figure(RunData run, Path dataDir, String burst, List<Row> rs, boolean multiWait) throws IOException {
        String name = "rtt-bars-b" + FigureData.safe(burst);
        String title = "RTT, burst of " + burst + ": mean and p99 per transport x producers";
        List<Row> drawn = new ArrayList<>(rs);
        List<String> notes = new ArrayList<>();
        StringBuilder status = new StringBuilder("# x status  (not-ok rows: no bars)\n");
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
        Row base = RttHdrFigure.pickByWait(RunData.eq(RunData.eq(run.rttTransports(), "transport", "baseline"), "burst", burst), rs);
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
            drawn.add(base);
        } else {
            notes.add("no baseline row at burst " + burst + ": no reference line");
        }
        List<Row> clock = RunData.eq(run.ok(RttParts.FILE), "transport", RttParts.CLOCK);
        Row ovh = clock.isEmpty() ? null : clock.get(0);
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
        FigureData.write(dataDir, name + ".dat", dat.toString());
        FigureData.write(dataDir, name + "-ref.dat", ref.length() == 0 ? FigureData.NOTHING : ref.toString());
        FigureData.write(dataDir, name + "-status.dat", status.append(FigureData.NOTHING).toString());
        int width = (int) Math.max(900, Math.min(2400, 260 + 34 * x));
        Gp g = FigureData.header(title, drawn, width, 620)
                .num("xmax", x + 1).num("ymin", Gp.decadeBelow(lo)).num("ymax", Gp.decadeAbove(hi * 1.5))
                .line(Gp.logTimeTics("y", Gp.decadeBelow(lo), Gp.decadeAbove(hi * 1.5)))
                .num("n_ref", refTitle.size()).array("ref_title", refTitle).numArray("ref_dash", FigureData.nums(refDash)).array("ref_colour", refColour);
        FigureData.write(dataDir, name + ".gp", g.toString());
        return new Plot(SCRIPT, name, title, "", table(run, drawn), RunData.anyOversubscribed(drawn), notes);
    }

    /** Every row drawn with its ratios to the baseline at its burst (and wait where it has one). */
    private static Md table(RunData run, List<Row> drawn) {
        Md t = new Md("transport", "P", "wait", "mean", "p50", "p99", "p99 over forks (min–max)", "p99.9", "max", "samples",
                "mean ÷ baseline", "p99 ÷ baseline", "threads/CPUs", "status", "flags");
        List<Row> bases = RunData.eq(run.rttTransports(), "transport", "baseline");
        for (Row r : drawn) {
            Row base = r.get("transport").equals("baseline") ? null : sameWait(RunData.eq(bases, "burst", r.get("burst")), r);
            t.row(r.get("transport"), r.get("producers"), r.get("wait"), Fmt.ns(r.num("mean_ns")), Fmt.ns(r.num("p50_ns")),
                    Fmt.ns(r.num("p99_ns")), range(r.num("p99_fork_min_ns"), r.num("p99_fork_max_ns")), Fmt.ns(r.num("p999_ns")),
                    Fmt.ns(r.num("max_ns")), Fmt.count(r.num("samples")),
                    base == null ? "—" : Fmt.ratio(Fmt.div(r.num("mean_ns"), base.num("mean_ns"))),
                    base == null ? "—" : Fmt.ratio(Fmt.div(r.num("p99_ns"), base.num("p99_ns"))),
                    r.get("threads") + "/" + r.get("cpus"), r.status(), r.flags());
        }
        return t;
    }

    /** The candidate with the row's wait strategy, else the first in wait order. */
    private static Row sameWait(List<Row> candidates, Row w) {
        if (candidates.isEmpty()) {
            return null;
        }
        for (Row c : candidates) {
            if (c.get("wait").equals(w.get("wait"))) {
                return c;
            }
        }
        return RunData.sorted(candidates, "wait").get(0);
    }

    private static String range(double lo, double hi) {
        if (Double.isNaN(lo) && Double.isNaN(hi)) {
            return Fmt.NONE;
        }
        return Fmt.ns(lo).replace(" ns", "") + " – " + Fmt.ns(hi);
    }
}
