package handoff.harness.rtt;

import handoff.harness.page.CsvFile;
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

import static handoff.harness.page.FigureData.max;
import static handoff.harness.page.FigureData.posMin;
import static handoff.harness.page.FigureData.q;

/**
 * The details appendix's RTT bars ({@code plots/rtt-bars.gp}): mean and p99 per transport × producers, one figure per
 * burst, log scale, p99's min–max over forks as an error bar; the wait-free baseline (P=1) at that burst and the
 * timing overhead as reference lines. Not-ok rows stay in as empty slots labelled with their status, so a gap is
 * never read as 0.
 */
final class RttBarsFigure implements FigureKind {
    private static final Prose TEXT = Prose.of("rtt");
    static final String SCRIPT = "rtt-bars";

    @Override
    public String script() {
        return SCRIPT;
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        CsvFile file = run.get(RttParts.FILE);
        if (file == null) {
            return List.of();
        }
        List<Plot> out = new ArrayList<>();
        List<TextLine> rows = RunData.where(file.rows(), r -> !List.of("baseline", RttParts.CLOCK).contains(RttLine.of(r).transport()));
        boolean multiWait = FigureData.multi(rows, "wait");
        for (String burst : RunData.distinct(rows, "burst")) {
            List<TextLine> rs = RunData.sorted(RunData.eq(rows, "burst", burst), "producers", "wait");
            if (RunData.where(rs, TextLine::ok).isEmpty()) {
                continue; // nothing to draw; the status appendix lists these rows
            }
            out.add(figure(run, dataDir, burst, rs, multiWait));
        }
        return out;
    }

    private static Plot figure(RunData run, Path dataDir, String burst, List<TextLine> rs, boolean multiWait) throws IOException {
        String name = "rtt-bars-b" + FigureData.safe(burst);
        String title = TEXT.fill("bars.title").with("burst", burst).text();
        List<TextLine> drawn = new ArrayList<>(rs);
        List<String> notes = new ArrayList<>();
        StringBuilder status = new StringBuilder("# x status  (not-ok rows: no bars)\n");
        StringBuilder dat = new StringBuilder("# x mean_ns p99_ns p99_fork_min_ns p99_fork_max_ns label\n");
        double lo = Double.NaN;
        double hi = Double.NaN;
        double x = 0;
        String prev = null;
        for (TextLine r : rs) {
            RttLine l = RttLine.of(r);
            x += prev != null && !prev.equals(l.transport()) ? 1.6 : 1; // a gap between transports
            prev = l.transport();
            if (!r.ok()) {
                status.append(NumberText.dat(x)).append(' ').append(q(r.statusKind())).append('\n');
            }
            double p99 = l.p99Ns();
            double mn = l.p99ForkMinNs();
            double mx = l.p99ForkMaxNs();
            dat.append(NumberText.dat(x)).append(' ').append(NumberText.dat(l.meanNs())).append(' ').append(NumberText.dat(p99)).append(' ')
                    .append(NumberText.dat(Double.isNaN(mn) ? p99 : mn)).append(' ').append(NumberText.dat(Double.isNaN(mx) ? p99 : mx)).append(' ')
                    .append(q(l.transport() + (multiWait ? "/" + l.waitStrategy() : "") + " P" + l.producers() + r.marks())).append('\n');
            for (double v : new double[] {l.meanNs(), p99, mn, mx}) {
                lo = posMin(lo, v);
                hi = max(hi, v);
            }
        }
        // reference lines: the wait-free baseline (P=1) at this burst, and the nanoTime pair overhead
        List<String> refTitle = new ArrayList<>();
        List<String> refDash = new ArrayList<>();
        List<String> refColour = new ArrayList<>();
        StringBuilder ref = new StringBuilder();
        TextLine base = RttHdrFigure.pickByWait(RunData.eq(RunData.eq(run.rttTransports(), "transport", "baseline"), "burst", burst), rs);
        if (base != null) {
            RttLine b = RttLine.of(base);
            String[] names = {"mean", "p99"};
            double[] values = {b.meanNs(), b.p99Ns()};
            for (int i = 0; i < names.length; i++) {
                double v = values[i];
                if (v > 0) {
                    refTitle.add("baseline " + names[i] + " (P=" + b.producers() + ", " + b.waitStrategy() + "): "
                            + NumberText.time(v) + base.marks());
                    refDash.add(i == 0 ? "2" : "4");
                    refColour.add("#000000");
                    ref.append("0 ").append(NumberText.dat(v)).append('\n').append(NumberText.dat(x + 1)).append(' ').append(NumberText.dat(v)).append("\n\n\n");
                    lo = posMin(lo, v);
                    hi = max(hi, v);
                }
            }
            drawn.add(base);
        } else {
            notes.add(TEXT.fill("bars.no-baseline").with("burst", burst).text());
        }
        List<TextLine> clock = RunData.eq(run.ok(RttParts.FILE), "transport", RttParts.CLOCK);
        TextLine ovh = clock.isEmpty() ? null : clock.get(0);
        if (ovh != null && RttLine.of(ovh).meanNs() > 0) {
            double v = RttLine.of(ovh).meanNs();
            refTitle.add(TEXT.fill("bars.clock").with("time", NumberText.time(v)).text());
            refDash.add("3");
            refColour.add("#7f7f7f");
            ref.append("0 ").append(NumberText.dat(v)).append('\n').append(NumberText.dat(x + 1)).append(' ').append(NumberText.dat(v)).append("\n\n\n");
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
        GnuplotInclude g = FigureData.header(title, drawn, width, 620)
                .num("xmax", x + 1).num("ymin", GnuplotInclude.decadeBelow(lo)).num("ymax", GnuplotInclude.decadeAbove(hi * 1.5))
                .line(GnuplotInclude.logTimeTics("y", GnuplotInclude.decadeBelow(lo), GnuplotInclude.decadeAbove(hi * 1.5)))
                .num("n_ref", refTitle.size()).array("ref_title", refTitle).numArray("ref_dash", FigureData.nums(refDash)).array("ref_colour", refColour);
        FigureData.write(dataDir, name + ".gp", g.toString());
        return new Plot(SCRIPT, name, title, "", table(run, drawn), RunData.anyOversubscribed(drawn), notes);
    }

    /** Every row drawn with its ratios to the baseline at its burst (and wait where it has one). */
    private static MarkdownTable table(RunData run, List<TextLine> drawn) {
        MarkdownTable t = new MarkdownTable("transport", "P", "wait", "mean", "p50", "p99", "p99 over forks (min–max)", "p99.9", "max", "samples",
                "mean ÷ baseline", "p99 ÷ baseline", "threads/CPUs", "status", "flags");
        List<TextLine> bases = RunData.eq(run.rttTransports(), "transport", "baseline");
        for (TextLine r : drawn) {
            RttLine l = RttLine.of(r);
            TextLine base = l.transport().equals("baseline") ? null : sameWait(RunData.eq(bases, "burst", l.burst()), r);
            RttLine b = base == null ? null : RttLine.of(base);
            t.row(l.transport(), l.producers(), l.waitStrategy(), NumberText.ns(l.meanNs()), NumberText.ns(l.p50Ns()),
                    NumberText.ns(l.p99Ns()), range(l.p99ForkMinNs(), l.p99ForkMaxNs()), NumberText.ns(l.p999Ns()),
                    NumberText.ns(l.maxNs()), NumberText.count(l.samples()),
                    b == null ? "—" : NumberText.ratio(NumberText.div(l.meanNs(), b.meanNs())),
                    b == null ? "—" : NumberText.ratio(NumberText.div(l.p99Ns(), b.p99Ns())),
                    l.threads() + "/" + l.cpus(), r.status(), r.flags());
        }
        return t;
    }

    /** The candidate with the row's wait strategy, else the first in wait order. */
    private static TextLine sameWait(List<TextLine> candidates, TextLine w) {
        if (candidates.isEmpty()) {
            return null;
        }
        for (TextLine c : candidates) {
            if (RttLine.of(c).waitStrategy().equals(RttLine.of(w).waitStrategy())) {
                return c;
            }
        }
        return RunData.sorted(candidates, "wait").get(0);
    }

    private static String range(double lo, double hi) {
        if (Double.isNaN(lo) && Double.isNaN(hi)) {
            return NumberText.NONE;
        }
        return NumberText.ns(lo).replace(" ns", "") + " – " + NumberText.ns(hi);
    }
}
