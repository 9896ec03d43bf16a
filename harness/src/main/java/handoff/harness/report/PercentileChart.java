package handoff.harness.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static handoff.harness.report.FigureData.max;
import static handoff.harness.report.FigureData.posMin;

/**
 * One figure for {@code plots/hdr.gp}: percentile distributions HdrHistogram style (x = 1/(1−p) on a log axis, so
 * the tail gets the room), a line per row read from the .hgrm file the row points at, the max kept as a dot at a
 * finite x labelled "max". Its table is read from the same files. A series without a readable file is left out
 * with a note; a figure with none left is {@link Plot#skipped}.
 */
public final class PercentileChart {
    public static final String SCRIPT = "hdr";
    /** How to read these figures and their tables: the text of a section that shows them. */
    public static final String HOW_TO_READ = "HdrHistogram style: x = 1/(1−p) on a log axis, so the tail gets the room; all "
            + "transports overlaid. The max is kept: it is the dot in the shaded column labelled \"max\", joined by a dotted segment "
            + "to the last finite percentile (the .hgrm's last line has percentile 1.0, i.e. x = ∞). The tables are read from the "
            + "same .hgrm files (bucket values, so they can differ from the CSV's percentiles by the histogram's precision).";
    /** What such a section says where no figure could be drawn. */
    public static final String NONE = "No percentile distribution could be drawn: no row points at a readable .hgrm file.";

    private record Series(String label, Row row, Hgrm hgrm, boolean reference) {
    }

    private final RunData run;
    private final String name;
    private final String title;
    private final List<Series> series = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public PercentileChart(RunData run, String name, String title) {
        this.run = run;
        this.name = name;
        this.title = title;
    }

    /** A line for the row's histogram; {@code reference} draws it dashed (a baseline, not a competitor). */
    public PercentileChart series(String label, Row r, boolean reference) {
        Path p = run.hgrm(r);
        if (p == null) {
            notes.add("no histogram file for " + r.describe(RunData.KEYS.get(r.file())) + " (hgrm='" + r.get("hgrm") + "')");
            return this;
        }
        try {
            Hgrm h = Hgrm.read(p);
            if (h.points.isEmpty()) {
                notes.add("empty histogram " + run.dir.relativize(p));
                return this;
            }
            series.add(new Series(label, r, h, reference));
        } catch (IOException | RuntimeException e) {
            notes.add("unreadable histogram " + run.dir.relativize(p) + ": " + e.getMessage());
        }
        return this;
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

    /** Writes the figure's files; @param what the y axis's label */
    public Plot write(Path dataDir, String what) throws IOException {
        if (series.isEmpty()) {
            return Plot.skipped(SCRIPT, name, title, name + ": no histogram could be read, figure skipped (" + String.join("; ", notes) + ")");
        }
        double lastX = 10;
        double lo = Double.NaN;
        double hi = Double.NaN;
        for (Series s : series) {
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
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            StringBuilder d = new StringBuilder("# 1/(1-p) value_ns  from " + run.dir.relativize(run.hgrm(s.row)) + "\n");
            for (double[] pt : s.hgrm.points) {
                d.append(Fmt.dat(pt[0])).append(' ').append(Fmt.dat(pt[1])).append('\n');
            }
            FigureData.write(dataDir, name + "-s" + (i + 1) + ".dat", d.toString());
            double[] last = s.hgrm.points.get(s.hgrm.points.size() - 1);
            maxDat.append(Fmt.dat(last[0])).append(' ').append(Fmt.dat(last[1])).append('\n')
                    .append(Fmt.dat(maxX)).append(' ').append(Fmt.dat(s.hgrm.max)).append("\n\n\n");
            titles.add(s.label + "  (max " + Fmt.time(s.hgrm.max) + ")");
            colours.add(run.traits.colour(s.row.get("transport")));
            dashes.add(s.reference ? "2" : "1");
        }
        FigureData.write(dataDir, name + "-max.dat", maxDat.toString());
        double ymin = Gp.decadeBelow(lo);
        double ymax = Gp.decadeAbove(hi * 1.2);
        List<Row> rows = series.stream().map(Series::row).toList();
        Gp g = FigureData.header(title, rows, 1100, 760).str("y_label", what)
                .num("n_series", series.size()).array("s_title", titles).array("s_colour", colours).numArray("s_dash", FigureData.nums(dashes))
                .num("xmax", Math.pow(10, decades + 1)).num("max_x", maxX).num("last_decade", Math.pow(10, decades))
                .num("ymin", ymin).num("ymax", ymax)
                .line(tics.toString()).line(Gp.logTimeTics("y", ymin, ymax));
        FigureData.write(dataDir, name + ".gp", g.toString());
        return new Plot(SCRIPT, name, title, "", table(), RunData.anyOversubscribed(rows), notes);
    }

    /** Each series at the usual percentiles, read from its histogram (bucket values, the histogram's precision). */
    private Md table() {
        Md t = new Md("series", "p50", "p90", "p99", "p99.9", "p99.99", "max", "count", "histogram", "flags");
        for (Series s : series) {
            Hgrm g = s.hgrm;
            Path file = run.hgrm(s.row);
            t.row(s.label.replaceAll("[*!]+$", "").replaceAll("[*!]+ \\(", " ("), Fmt.ns(g.at(50)), Fmt.ns(g.at(90)), Fmt.ns(g.at(99)),
                    Fmt.ns(g.at(99.9)), Fmt.ns(g.at(99.99)), Fmt.ns(g.max), Fmt.count(g.total),
                    file == null ? "—" : Md.code(run.dir.relativize(file).toString()), s.row.flags());
        }
        return t;
    }
}
