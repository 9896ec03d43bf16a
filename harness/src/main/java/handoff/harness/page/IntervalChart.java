package handoff.harness.page;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * Data for {@code plots/intervals.gp}: one row per configuration (top to bottom), each series a point at its
 * centre with a horizontal bar over its interval, coloured by transport; an optional reference line (e.g. a
 * ratio of 1). Horizontal, so that labels stay readable at page width whatever the number of rows.
 */
public final class IntervalChart {
    public static final String SCRIPT = "intervals";

    /** One value with its interval; {@code mark} is printed beside it (flags, "n/a"). */
    public record Point(double centre, double lo, double hi, String mark) {
        public static Point of(double centre, double lo, double hi, String mark) {
            return new Point(centre, Double.isNaN(lo) ? centre : lo, Double.isNaN(hi) ? centre : hi, mark);
        }
    }

    private final String name;
    private final String title;
    private final List<String> labels = new ArrayList<>();
    private final List<String> colours = new ArrayList<>();
    private final List<String> seriesTitles = new ArrayList<>();
    private final List<List<Point>> series = new ArrayList<>();
    private String xlabel = "";
    private boolean log = true;
    private double ref = Double.NaN;
    private double bandLo = Double.NaN;
    private double bandHi = Double.NaN;
    private String note = "";
    private DoubleFunction<String> ticLabel = v -> v >= 1000 ? GnuplotInclude.plain(v) : NumberText.sig3(v).contains(".") ? NumberText.sig3(v).replaceAll("0+$", "").replaceAll("\\.$", "") : NumberText.sig3(v);

    public IntervalChart(String name, String title) {
        this.name = name;
        this.title = title;
    }

    public IntervalChart axis(String label, boolean logScale) {
        this.xlabel = label;
        this.log = logScale;
        return this;
    }

    /** How tic values read (default plain numbers with k/M; e.g. {@link GnuplotInclude#timeLabel} for nanoseconds). */
    public IntervalChart tics(DoubleFunction<String> label) {
        this.ticLabel = label;
        return this;
    }

    public IntervalChart reference(double x) {
        this.ref = x;
        return this;
    }

    /** Dotted lines at both ends of a tolerance band. */
    public IntervalChart band(double lo, double hi) {
        this.bandLo = lo;
        this.bandHi = hi;
        return this;
    }

    public IntervalChart note(String n) {
        this.note = n;
        return this;
    }

    /** A row: its label and colour; then one point per series via {@link #point}. */
    public IntervalChart row(String label, String colour) {
        labels.add(label);
        colours.add(colour);
        return this;
    }

    public IntervalChart series(String title) {
        seriesTitles.add(title);
        series.add(new ArrayList<>());
        return this;
    }

    /** The next point of series {@code s} (rows in order; a missing value is a NaN centre). */
    public IntervalChart point(int s, Point p) {
        series.get(s).add(p);
        return this;
    }

    /** Log-axis tics at 1, 2, 5 × 10^k inside the range (decades alone leave a narrow range unlabelled). */
    private String tics(double lo, double hi) {
        StringBuilder t = new StringBuilder("set xtics (");
        if (!(lo > 0) || !Double.isFinite(hi) || hi / lo > 1e15) {
            return "set xtics";
        }
        boolean first = true;
        int[] steps = hi / lo > 1000 ? new int[] {1} : new int[] {1, 2, 5};
        for (int e = (int) Math.floor(Math.log10(lo)); e <= (int) Math.ceil(Math.log10(hi)); e++) {
            for (int m : steps) {
                double v = m * Math.pow(10, e);
                if (v >= lo && v <= hi) {
                    t.append(first ? "" : ", ").append('"').append(ticLabel.apply(v)).append("\" ").append(NumberText.dat(v));
                    first = false;
                }
            }
        }
        return t.append(')').toString();
    }

    public int rows() {
        return labels.size();
    }

    /** Writes {@code <name>.gp} and {@code <name>.dat}; the plot is 560 px wide plus 22 px per row. */
    public void write(Path dataDir) throws IOException {
        double lo = Double.NaN;
        double hi = Double.NaN;
        StringBuilder d = new StringBuilder();
        for (int s = 0; s < series.size(); s++) {
            d.append("# series ").append(seriesTitles.get(s)).append(": row centre lo hi colour mark\n");
            double offset = series.size() == 1 ? 0 : (s - (series.size() - 1) / 2.0) * Math.min(0.25, 0.6 / (series.size() - 1));
            List<Point> pts = series.get(s);
            boolean any = false;
            for (int i = 0; i < pts.size(); i++) {
                Point p = pts.get(i);
                if (!Double.isFinite(p.centre()) || !Double.isFinite(p.lo()) || !Double.isFinite(p.hi()) || (log && p.lo() <= 0)) {
                    continue;
                }
                any = true;
                lo = Double.isNaN(lo) ? p.lo() : Math.min(lo, p.lo());
                hi = Double.isNaN(hi) ? p.hi() : Math.max(hi, p.hi());
                d.append(NumberText.dat(i + 1 + offset)).append(' ').append(NumberText.dat(p.centre())).append(' ').append(NumberText.dat(p.lo()))
                        .append(' ').append(NumberText.dat(p.hi())).append(' ').append(Integer.parseInt(colours.get(i).substring(1), 16))
                        .append(" \"").append(p.mark().replace('"', '\'')).append("\"\n");
            }
            if (!any) {
                d.append("-1e9 -1e9 -1e9 -1e9 0 \"\"\n"); // keeps the block valid; drawn off-axis
            }
            d.append("\n\n");
        }
        for (double x : new double[] {ref, bandLo, bandHi}) {
            if (!Double.isNaN(x)) {
                lo = Double.isNaN(lo) ? x : Math.min(lo, x);
                hi = Double.isNaN(hi) ? x : Math.max(hi, x);
            }
        }
        if (Double.isNaN(lo)) {
            lo = 1;
            hi = 10;
        }
        double xmin = log ? lo / 1.6 : Math.min(0, lo);
        double xmax = log ? hi * 2.2 : hi * 1.25;
        GnuplotInclude g = new GnuplotInclude().comment(title).str("fig_title", title).str("fig_note", note).num("fig_w", 900)
                .num("fig_h", 200 + 30 * Math.max(2, labels.size())).str("xlabel", xlabel).num("xlog", log ? 1 : 0)
                .num("xmin", xmin).num("xmax", xmax).num("has_ref", Double.isNaN(ref) ? 0 : 1).num("ref_x", Double.isNaN(ref) ? 0 : ref)
                .num("has_band", Double.isNaN(bandLo) ? 0 : 1).num("band_lo", Double.isNaN(bandLo) ? 0 : bandLo)
                .num("band_hi", Double.isNaN(bandHi) ? 0 : bandHi)
                .num("n_rows", labels.size()).num("n_series", series.size()).array("s_title", seriesTitles)
                .array("row_label", labels);
        if (log) {
            g.line(tics(xmin, xmax));
        }
        Files.writeString(dataDir.resolve(name + ".gp"), g.toString(), StandardCharsets.UTF_8);
        Files.writeString(dataDir.resolve(name + ".dat"), d.toString(), StandardCharsets.UTF_8);
    }
}
