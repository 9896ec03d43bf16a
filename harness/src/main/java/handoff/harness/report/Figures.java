package handoff.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Decides which figures a run gets and writes what gnuplot needs into {@code <run>/plots/data/}: one
 * {@code meta.gp} (run caption + the list of figure names per script) and, per figure, a {@code <name>.gp}
 * include (title, tics, series titles/colours) plus {@code <name>*.dat} files. The scripts in plots/ read
 * only these files, so filtering by status, pivoting and unit choice happen once, here, and the report's
 * tables are built from the very same rows as the images.
 */
final class Figures {
    /** One output image: plots/{name}.png, drawn by plots/{kind}.gp. */
    static final class Figure {
        final String kind;
        final String name;
        final String title;
        final List<Row> rows = new ArrayList<>();
        final List<Series> series = new ArrayList<>();
        final List<String> notes = new ArrayList<>();

        Figure(String kind, String name, String title) {
            this.kind = kind;
            this.name = name;
            this.title = title;
        }

        boolean oversubscribed() {
            return RunData.anyOversubscribed(rows) || series.stream().anyMatch(s -> s.row.oversubscribed());
        }

        boolean unstable() {
            return RunData.anyUnstable(rows) || series.stream().anyMatch(s -> s.row.unstable());
        }
    }

    /** A percentile-distribution line. */
    static final class Series {
        final String label;
        final Row row;
        final Hgrm hgrm;
        final boolean reference;

        Series(String label, Row row, Hgrm hgrm, boolean reference) {
            this.label = label;
            this.row = row;
            this.hgrm = hgrm;
            this.reference = reference;
        }
    }

    /** The plot scripts, in report order, and the CSV each one needs. */
    static final Map<String, String> SCRIPTS = new LinkedHashMap<>();

    static {
        SCRIPTS.put("rtt-bars", RunData.RTT);
        SCRIPTS.put("hdr", RunData.RTT + " or " + RunData.LATENCY);
        SCRIPTS.put("throughput", RunData.PIPELINE);
        SCRIPTS.put("load", RunData.LATENCY);
        SCRIPTS.put("hops", RunData.HOPS);
        SCRIPTS.put("alloc", RunData.PIPELINE);
        SCRIPTS.put("unicast", RunData.UNICAST);
        SCRIPTS.put("disruptor", RunData.DISRUPTOR);
    }

    static final Map<String, String> WAIT_COLOURS = Map.of(
            "spin", "#1f77b4", "yield", "#2ca02c", "park", "#ff7f0e", "block", "#d62728", "native", "#9467bd");
    /** Filled and open shapes alternate, so a series drawn over an identical one still shows both markers. */
    static final List<Integer> SERIES_POINTS = List.of(7, 4, 9, 6, 13, 10, 5, 8, 11, 12);
    static final List<String> HOP_COLOURS = List.of("#4e79a7", "#f28e2b", "#59a14f", "#b07aa1");

    /** A point left of every x range: keeps a data file valid (gnuplot warns on empty files) without drawing. */
    static final String NOTHING = "-1e9 1 \"\"\n";

    /** More lines than this in one percentile plot become unreadable: split it by wait strategy. */
    static final int MAX_SERIES = 10;

    final List<Figure> all = new ArrayList<>();
    final List<String> problems = new ArrayList<>();
    final RunData run;
    private final Path dataDir;
    final Map<String, StringBuilder> lists = new LinkedHashMap<>();

    private Figures(RunData run) {
        this.run = run;
        this.dataDir = run.dir.resolve("plots").resolve("data");
        for (String k : SCRIPTS.keySet()) {
            lists.put(k, new StringBuilder());
        }
    }

    /** Builds every figure of the run and writes its data files (old ones are removed first). */
    static Figures write(RunData run) throws IOException {
        Figures f = new Figures(run);
        Files.createDirectories(f.dataDir);
        try (DirectoryStream<Path> old = Files.newDirectoryStream(f.dataDir)) {
            for (Path p : old) {
                if (Files.isRegularFile(p)) {
                    Files.delete(p);
                }
            }
        }
        HistogramFigures h = new HistogramFigures(f);
        h.rttBars();
        h.rttHdr();
        h.latencyHdr();
        PipelineDetailFigures d = new PipelineDetailFigures(f);
        d.load();
        d.hops();
        d.alloc();
        d.disruptor();
        f.meta();
        return f;
    }

    List<Figure> of(String kind) {
        List<Figure> out = new ArrayList<>();
        for (Figure g : all) {
            if (g.kind.equals(kind)) {
                out.add(g);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------------

    private void meta() throws IOException {
        Manifest m = run.manifest;
        Gp g = new Gp().comment("written by the report command; read by every plots/*.gp script");
        String caption = "run " + run.runId + " | " + m.machineLine() + " | " + m.jvmLine();
        if (!m.complete()) {
            caption += " | PARTIAL RUN (status: " + m.status() + ")";
        }
        g.str("run_id", run.runId).str("caption", caption);
        for (Map.Entry<String, StringBuilder> e : lists.entrySet()) {
            g.str("list_" + e.getKey().replace('-', '_'), e.getValue().toString().trim());
        }
        write("meta.gp", g.toString());
    }

    Figure add(String kind, String name, String title) {
        Figure f = new Figure(kind, name, title);
        all.add(f);
        lists.get(kind).append(name).append(' ');
        return f;
    }

    Gp header(Figure f, int width, int height) {
        String note;
        if (f.oversubscribed()) {
            note = "includes OVERSUBSCRIBED rows (threads > CPUs), marked *";
        } else {
            note = "no oversubscribed rows";
        }
        if (f.unstable()) {
            note += "; ! = unstable (forks disagree > 2x)";
        }
        return new Gp().comment(f.title).str("fig_title", f.title).str("fig_note", note)
                .num("fig_w", width).num("fig_h", height);
    }

    void write(String file, String text) throws IOException {
        Files.writeString(dataDir.resolve(file), text, StandardCharsets.UTF_8);
    }

    static String safe(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "_").replace('.', '_');
    }

    String colour(String transport) {
        return run.traits.colour(transport);
    }

    static String label(Row r, boolean withWait) {
        return r.get("transport") + (withWait ? "/" + r.get("wait") : "") + (r.runtime().isEmpty() ? "" : " " + r.runtime()) + r.marks();
    }

    /** Marks for a line made of several rows: * if any is oversubscribed, ! if any is unstable. */
    static String seriesMarks(List<Row> rows) {
        return (RunData.anyOversubscribed(rows) ? "*" : "") + (RunData.anyUnstable(rows) ? "!" : "");
    }

    static List<Double> nums(List<String> s) {
        List<Double> out = new ArrayList<>();
        for (String v : s) {
            out.add(Double.parseDouble(v));
        }
        return out;
    }

    static boolean multi(List<Row> rows, String col) {
        return RunData.distinct(rows, col).size() > 1;
    }

    static String q(String s) {
        return "\"" + s.replace("\"", "'") + "\"";
    }

    static double min(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b);
    }

    static double max(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }

    /** Positive minimum for a log axis (zero or negative values cannot be drawn on it). */
    static double posMin(double a, double v) {
        return v > 0 ? min(a, v) : a;
    }

    /**
     * Line-and-point series on log-log axes, one {@code <figure>-sN.dat} each, coloured by transport; tracks
     * the data's range so the axes start and end on whole decades.
     */
    final class XySeries {
        private final Figure figure;
        private final List<String> titles = new ArrayList<>();
        private final List<String> colours = new ArrayList<>();
        private final List<String> points = new ArrayList<>();
        private double xlo = Double.NaN;
        private double xhi = Double.NaN;
        private double ylo = Double.NaN;
        private double yhi = Double.NaN;
        double xmin;
        double xmax;
        double ymin;
        double ymax;

        XySeries(Figure figure) {
            this.figure = figure;
        }

        void extend(double x, double yLow, double yHigh) {
            xlo = posMin(xlo, x);
            xhi = max(xhi, x);
            ylo = posMin(ylo, yLow);
            yhi = max(yhi, yHigh);
        }

        /**
         * One series per transport and wait among {@code rows}, points sorted by {@code xColumn}: {@code point}
         * appends a row's data line (and extends the range); titles carry the wait when several are drawn.
         */
        void perTransportAndWait(List<Row> rows, String xColumn, boolean multiWait, String header,
                                 BiConsumer<Row, StringBuilder> point) throws IOException {
            for (String t : RunData.distinct(rows, "transport")) {
                for (String w : RunData.distinct(RunData.eq(rows, "transport", t), "wait")) {
                    List<Row> s = RunData.sorted(RunData.eq(RunData.eq(rows, "transport", t), "wait", w), xColumn);
                    StringBuilder d = new StringBuilder(header).append('\n');
                    for (Row r : s) {
                        point.accept(r, d);
                    }
                    add(t, t + (multiWait ? "/" + w : "") + seriesMarks(s), d);
                }
            }
        }

        private void add(String transport, String title, CharSequence data) throws IOException {
            int n = titles.size() + 1;
            write(figure.name + "-s" + n + ".dat", data.toString());
            titles.add(title);
            colours.add(colour(transport));
            points.add(String.valueOf(SERIES_POINTS.get((n - 1) % SERIES_POINTS.size())));
        }

        /** The figure's header with the series and decade-rounded ranges; yHeadroom leaves room for the key. */
        Gp gp(int width, int height, double yHeadroom) {
            if (Double.isNaN(ylo)) {
                xlo = ylo = 1;
                xhi = yhi = 10;
            }
            ymin = Gp.decadeBelow(ylo);
            ymax = Gp.decadeAbove(yhi * yHeadroom);
            xmin = Gp.decadeBelow(xlo);
            xmax = Gp.decadeAbove(xhi * 1.2);
            return header(figure, width, height).num("n_series", titles.size()).array("s_title", titles)
                    .array("s_colour", colours).numArray("s_point", nums(points))
                    .num("xmin", xmin).num("xmax", xmax).num("ymin", ymin).num("ymax", ymax);
        }
    }

}
