package handoff.harness.page;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static handoff.harness.page.FigureData.max;
import static handoff.harness.page.FigureData.posMin;

/**
 * One figure for {@code plots/hdr.gp}: percentile distributions HdrHistogram style (x = 1/(1−p) on a log axis, so
 * the tail gets the room), a line per row read from the .hgrm file the row points at, the max kept as a dot at a
 * finite x labelled "max", a legend entry per line (labels made unique by {@link FigureData#unique}); its table holds the
 * rows' CSV cells (the CSV's estimators). A series without a readable file is left out
 * with a note; a figure with none left is {@link Plot#skipped}.
 */
public final class PercentileChart {
    public static final String SCRIPT = "hdr";
    private static final Prose TEXT = Prose.of("page");
    /** How to read these figures and their tables: the text of a section that shows them. */
    public static final String HOW_TO_READ = TEXT.get("percentiles.how-to-read");
    /** What such a section says where no figure could be drawn. */
    public static final String NONE = TEXT.get("percentiles.none");

    private record Series(String label, TextLine row, PercentileCells cells, Hgrm hgrm, boolean reference) {
    }

    /**
     * The cells of a line the chart's table prints, as {@code rtt.csv} and {@code pipeline-latency.csv} both hold them
     * ({@link #RTT}, {@link #LATENCY}): its percentiles, samples, forks and the histogram file its line is drawn from.
     *
     * @param forks the forks as written
     * @param hgrm  the histogram file's path as written ("" for none)
     */
    private record PercentileCells(double p50Ns, double p90Ns, double p99Ns, double p999Ns, double maxNs, double samples,
                                   String forks, String hgrm) {
        static final Lines<PercentileCells> RTT = Lines.of(MethodHandles.lookup(), RunData.RTT, PercentileCells.class,
                "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns", "samples", "forks", "hgrm");
        static final Lines<PercentileCells> LATENCY = Lines.of(MethodHandles.lookup(), RunData.LATENCY,
                PercentileCells.class, "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns", "samples", "forks", "hgrm");

        /** A line of either file (a line of another reads the same columns, as {@code rtt.csv}'s reader reads them). */
        static PercentileCells of(TextLine r) {
            return (RunData.LATENCY.equals(r.file()) ? LATENCY : RTT).of(r);
        }
    }

    /** The plot area with its axes and tic labels, in pixels; the title lines above it. */
    private static final int PLOT_W = 980;
    private static final int PLOT_H = 700;
    private static final int TITLE_H = 110;

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
    public PercentileChart series(String label, TextLine r, boolean reference) {
        PercentileCells cells = PercentileCells.of(r);
        Path p = run.hgrm(cells.hgrm());
        if (p == null) {
            notes.add(TEXT.fill("percentiles.no-file").with("row", r.describe(RunData.KEYS.get(r.file()))).with("hgrm", cells.hgrm()).text());
            return this;
        }
        try {
            Hgrm h = Hgrm.read(p);
            if (h.points.isEmpty()) {
                notes.add(TEXT.fill("percentiles.empty").with("path", run.dir.relativize(p).toString()).text());
                return this;
            }
            series.add(new Series(label, r, cells, h, reference));
        } catch (IOException | RuntimeException e) {
            notes.add(TEXT.fill("percentiles.unreadable").with("path", run.dir.relativize(p).toString()).with("error", String.valueOf(e.getMessage())).text());
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
            return Plot.skipped(SCRIPT, name, title, TEXT.fill("percentiles.skipped").with("name", name).with("notes", String.join("; ", notes)).text());
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
            tics.append(", \"").append(percentileLabel(e).replace("%", "%%")).append("\" ").append(NumberText.dat(Math.pow(10, e)));
        }
        tics.append(", \"max\" ").append(NumberText.dat(maxX)).append(')');
        List<TextLine> rows = series.stream().map(Series::row).toList();
        List<String> labels = FigureData.unique(series.stream().map(Series::label).toList(), rows);
        List<String> titles = new ArrayList<>();
        List<String> colours = new ArrayList<>();
        List<String> dashes = new ArrayList<>();
        Map<String, Integer> sameColour = new HashMap<>();
        StringBuilder maxDat = new StringBuilder("# per series (one block each): last finite percentile point, then the max at x = max position\n");
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            StringBuilder d = new StringBuilder("# 1/(1-p) value_ns  from " + run.dir.relativize(run.hgrm(s.cells.hgrm())) + "\n");
            for (double[] pt : s.hgrm.points) {
                d.append(NumberText.dat(pt[0])).append(' ').append(NumberText.dat(pt[1])).append('\n');
            }
            FigureData.write(dataDir, name + "-s" + (i + 1) + ".dat", d.toString());
            double[] last = s.hgrm.points.get(s.hgrm.points.size() - 1);
            maxDat.append(NumberText.dat(last[0])).append(' ').append(NumberText.dat(last[1])).append('\n')
                    .append(NumberText.dat(maxX)).append(' ').append(NumberText.dat(s.hgrm.max)).append("\n\n\n");
            titles.add(labels.get(i) + "  (max " + NumberText.time(s.hgrm.max) + ")");
            String colour = run.traits.colour(s.row.transport());
            colours.add(colour);
            // a second line of one colour (a ring's sp and mp) is dash-dotted, a third dash-dot-dotted; a reference dashed
            int seen = sameColour.merge(colour, 1, Integer::sum);
            dashes.add(s.reference ? "2" : seen == 1 ? "1" : Integer.toString(Math.min(seen + 2, 5)));
        }
        FigureData.write(dataDir, name + "-max.dat", maxDat.toString());
        double ymin = GnuplotInclude.decadeBelow(lo);
        double ymax = GnuplotInclude.decadeAbove(hi * 1.2);
        // the plot keeps its size; the legend, one line per series at its right, widens the canvas and, when long, heightens it
        int width = PLOT_W + FigureData.keyWidth(titles);
        int height = Math.max(PLOT_H, FigureData.keyHeight(titles.size() + 1) + TITLE_H);
        GnuplotInclude g = FigureData.header(title, rows, width, height).str("y_label", what)
                .num("n_series", series.size()).array("s_title", titles).array("s_colour", colours).numArray("s_dash", FigureData.nums(dashes))
                .num("xmax", Math.pow(10, decades + 1)).num("max_x", maxX).num("last_decade", Math.pow(10, decades))
                .num("ymin", ymin).num("ymax", ymax)
                .line(tics.toString()).line(GnuplotInclude.logTimeTics("y", ymin, ymax));
        FigureData.write(dataDir, name + ".gp", g.toString());
        return new Plot(SCRIPT, name, title, "", table(labels), RunData.anyOversubscribed(rows), notes);
    }

    /**
     * Each series's cells of its CSV row (the estimators the CSV states: the median over forks of each fork's percentile,
     * the max over forks, the samples of all forks), beside the histogram file its line is drawn from.
     */
    private MarkdownTable table(List<String> labels) {
        MarkdownTable t = new MarkdownTable("series", "p50", "p90", "p99", "p99.9", "max", "samples", "forks", "histogram (line)", "flags");
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            PercentileCells c = s.cells;
            Path file = run.hgrm(c.hgrm());
            t.row(labels.get(i).replaceAll("[*!]+$", ""), NumberText.ns(c.p50Ns()), NumberText.ns(c.p90Ns()), NumberText.ns(c.p99Ns()),
                    NumberText.ns(c.p999Ns()), NumberText.ns(c.maxNs()), NumberText.count(c.samples()), c.forks(),
                    file == null ? "—" : MarkdownTable.code(run.dir.relativize(file).toString()), s.row.flags());
        }
        return t;
    }
}
