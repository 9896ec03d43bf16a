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
    private final Map<String, StringBuilder> lists = new LinkedHashMap<>();

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
        f.rttBars();
        f.rttHdr();
        f.latencyHdr();
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
        return r.get("transport") + (withWait ? "/" + r.get("wait") : "") + r.marks();
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

    // ---------------------------------------------------------------------------------------------------
    // RTT: grouped bars of mean and p99 per transport × producers, one figure per burst, baseline as line

    private void rttBars() throws IOException {
        Csv file = run.get(RunData.RTT);
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
            Figure f = add("rtt-bars", "rtt-bars-b" + safe(burst), "RTT, burst of " + burst + ": mean and p99 per transport x producers");
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
            Row base = pickByWait(RunData.eq(RunData.eq(run.rttTransports(), "transport", "baseline"), "burst", burst), rs);
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
            Row ovh = firstOk(RunData.eq(run.ok(RunData.RTT), "transport", "nanotime"));
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
            write(f.name + ".dat", dat.toString());
            write(f.name + "-ref.dat", ref.length() == 0 ? NOTHING : ref.toString());
            write(f.name + "-status.dat", status.append(NOTHING).toString());
            int width = (int) Math.max(900, Math.min(2400, 260 + 34 * x));
            Gp g = header(f, width, 620)
                    .num("xmax", x + 1).num("ymin", Gp.decadeBelow(lo)).num("ymax", Gp.decadeAbove(hi * 1.5))
                    .line(Gp.logTimeTics("y", Gp.decadeBelow(lo), Gp.decadeAbove(hi * 1.5)))
                    .num("n_ref", refTitle.size()).array("ref_title", refTitle).numArray("ref_dash", nums(refDash)).array("ref_colour", refColour);
            write(f.name + ".gp", g.toString());
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

    private void rttHdr() throws IOException {
        List<Row> rows = RunData.where(run.rttTransports(), r -> !r.get("transport").equals("baseline"));
        List<Row> bases = RunData.eq(run.rttTransports(), "transport", "baseline");
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

    private void latencyHdr() throws IOException {
        List<Row> rows = run.ok(RunData.LATENCY);
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
        Path p = run.hgrm(r);
        if (p == null) {
            f.notes.add("no histogram file for " + r.describe(RunData.KEYS.get(r.file())) + " (hgrm='" + r.get("hgrm") + "')");
            return;
        }
        try {
            Hgrm h = Hgrm.read(p);
            if (h.points.isEmpty()) {
                f.notes.add("empty histogram " + run.dir.relativize(p));
                return;
            }
            f.series.add(new Series(label, r, h, reference));
        } catch (IOException | RuntimeException e) {
            f.notes.add("unreadable histogram " + run.dir.relativize(p) + ": " + e.getMessage());
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
            problems.add(f.name + ": no histogram could be read, figure skipped (" + String.join("; ", f.notes) + ")");
            return;
        }
        all.add(f);
        lists.get("hdr").append(f.name).append(' ');
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
            StringBuilder d = new StringBuilder("# 1/(1-p) value_ns  from " + run.dir.relativize(run.hgrm(s.row)) + "\n");
            for (double[] pt : s.hgrm.points) {
                d.append(Fmt.dat(pt[0])).append(' ').append(Fmt.dat(pt[1])).append('\n');
            }
            write(f.name + "-s" + (i + 1) + ".dat", d.toString());
            double[] last = s.hgrm.points.get(s.hgrm.points.size() - 1);
            maxDat.append(Fmt.dat(last[0])).append(' ').append(Fmt.dat(last[1])).append('\n')
                    .append(Fmt.dat(maxX)).append(' ').append(Fmt.dat(s.hgrm.max)).append("\n\n\n");
            titles.add(s.label + "  (max " + Fmt.time(s.hgrm.max) + ")");
            colours.add(colour(s.row.get("transport")));
            dashes.add(s.reference ? "2" : "1");
        }
        write(f.name + "-max.dat", maxDat.toString());
        double ymin = Gp.decadeBelow(lo);
        double ymax = Gp.decadeAbove(hi * 1.2);
        Gp g = header(f, 1100, 760).str("y_label", what)
                .num("n_series", f.series.size()).array("s_title", titles).array("s_colour", colours).numArray("s_dash", nums(dashes))
                .num("xmax", Math.pow(10, decades + 1)).num("max_x", maxX).num("last_decade", Math.pow(10, decades))
                .num("ymin", ymin).num("ymax", ymax)
                .line(tics.toString()).line(Gp.logTimeTics("y", ymin, ymax));
        write(f.name + ".gp", g.toString());
    }

}
