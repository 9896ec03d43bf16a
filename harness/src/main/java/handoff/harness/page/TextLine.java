package handoff.harness.page;

import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;
import handoff.harness.trial.BuildAxis;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Status;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One CSV row by column name: the cells of one line of a file, as read, beside the file's header. Absent columns read
 * as "" so older or newer files never break the report.
 */
public final class TextLine {
    private final String file;
    private final Header header;
    private final List<String> cells;

    /** A line of {@code file} under its header; cells beyond the header's columns are never read. */
    TextLine(String file, Header header, List<String> cells) {
        this.file = file;
        this.header = header;
        this.cells = Collections.unmodifiableList(new ArrayList<>(cells));
    }

    /** A row made of named cells rather than read from a line (a row rebuilt from a fleet database, a test's row). */
    public TextLine(String file, Map<String, String> cells) {
        this(file, new Header(List.copyOf(cells.keySet())), new ArrayList<>(cells.values()));
    }

    public String file() {
        return file;
    }

    /** The format its run stamped its file with ({@code results.ColumnTable#format}); 0 for none. */
    public int format() {
        return header.format();
    }

    /** The line's cells by its header's column names, in file order, each as {@link #get} reads it. */
    public Map<String, String> cells() {
        Map<String, String> out = new LinkedHashMap<>();
        header.names().forEach(c -> out.put(c, get(c)));
        return out;
    }

    public String get(String col) {
        int at = header.position(col, cells.size());
        String v = at < 0 ? null : cells.get(at);
        return v == null ? "" : v.trim();
    }

    public boolean has(String col) {
        return !get(col).isEmpty();
    }

    /** The number in a cell, NaN when empty or not a number (empty cell = not measured, per the schema). */
    public double num(String col) {
        return Cells.parse(get(col));
    }

    /**
     * The configuration columns most files share, each spelled here once: {@code transport}, {@code wait},
     * {@code producer_model}, {@code producers}, {@code burst}, {@code workers}, {@code threads}, {@code cpus} ("" where
     * the file has none). Code that reads several files alike reads these; a column of one file is read through that
     * file's {@link Lines}. {@code LinesTest} checks that the suites' files declare them.
     */
    public static final List<String> SHARED = List.of("transport", "wait", "producer_model", "producers", "burst", "workers",
            "threads", "cpus");

    /** The transport's id ({@code transport}). */
    public String transport() {
        return get(SHARED.get(0));
    }

    /** The wait strategy ({@code wait}). */
    public String waitStrategy() {
        return get(SHARED.get(1));
    }

    /** How producers publish ({@code producer_model}); "" where the file has no such column. */
    public String producerModel() {
        return get(SHARED.get(2));
    }

    /** The producer count as written ({@code producers}). */
    public String producers() {
        return get(SHARED.get(3));
    }

    /** The burst length as written ({@code burst}); "" where the file has none. */
    public String burst() {
        return get(SHARED.get(4));
    }

    /** The workers per hop as written ({@code workers}); "" where the file has none. */
    public String workers() {
        return get(SHARED.get(5));
    }

    /** The trial's threads as written ({@code threads}); "" where the file has none. */
    public String threads() {
        return get(SHARED.get(6));
    }

    /** The CPUs the trial ran on, as written ({@code cpus}); "" where the file has none. */
    public String cpus() {
        return get(SHARED.get(7));
    }

    /** The forks the row is from ({@code forks}); NaN where the file has none. */
    public double forks() {
        return num("forks");
    }

    /** The trial's status as written; "ok" where the file has no status column. */
    public String status() {
        String s = get("status");
        return s.isEmpty() ? Status.ok().render() : s; // pipeline-hops.csv has no status: its rows exist only for ok trials
    }

    public boolean ok() {
        return parsedStatus().map(Status::isOk).orElse(false);
    }

    /** "failed", "timeout", "n/a", "skipped" or "ok" ({@link Status.Kind#word}); "unknown" for a status the harness never writes. */
    public String statusKind() {
        return parsedStatus().map(s -> s.kind().word()).orElse(UNKNOWN_KIND);
    }

    /** Why the status is not ok, as the file says it; the whole text where its kind is unknown. */
    public String statusReason() {
        return parsedStatus().map(Status::reason).orElse(status()).trim();
    }

    private static final String UNKNOWN_KIND = "unknown";

    private Optional<Status> parsedStatus() {
        return Status.read(status());
    }

    /** True when the harness says so, or when the row itself shows more threads than CPUs. */
    public boolean oversubscribed() {
        if ("true".equalsIgnoreCase(get("oversubscribed"))) {
            return true;
        }
        double t = Cells.parse(threads());
        double c = Cells.parse(cpus());
        return !Double.isNaN(t) && !Double.isNaN(c) && t > c;
    }

    /**
     * A centre and its interval over forks from three columns; a row without them (one fork, or a file written
     * before intervals existed) gets a one-fork interval, which {@link handoff.harness.stats.Stats#separated}
     * never separates from anything.
     */
    public Stats.Interval interval(String centre, String lo, String hi) {
        return interval(num(centre), num(lo), num(hi), num("forks"), num("interval_level"));
    }

    /**
     * {@link #interval(String, String, String)} from a line's numbers: its centre, low and high end, forks and the
     * interval's level, each NaN where the line has none.
     */
    public static Stats.Interval interval(double c, double l, double h, double forks, double level) {
        int n = Double.isNaN(l) || Double.isNaN(h) ? 1 : (int) Math.max(1, Double.isNaN(forks) ? 2 : forks);
        return new Stats.Interval(c, Double.isNaN(l) ? c : l, Double.isNaN(h) ? c : h,
                Double.isNaN(level) ? 0 : level, n);
    }

    /**
     * One value per fork of {@code col}, from its {@code <col>_forks} column (fork order, {@code ;}-separated);
     * null where the file has none (one fork, or written before per-fork values were kept). Unknown values are NaN.
     */
    public double[] forks(String col) {
        return perFork(get(col + Forks.FORKS_SUFFIX));
    }

    /** A {@code <col>_forks} cell's values ({@link #forks}); null for an empty cell. */
    public static double[] perFork(String cell) {
        String v = cell.trim();
        if (v.isEmpty()) {
            return null;
        }
        String[] parts = v.split(";", -1);
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = parts[i].isBlank() ? Double.NaN : Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                out[i] = Double.NaN;
            }
        }
        return out;
    }

    /** {@code unstable} is {@code unknown} where a row has one fork: its spread was never measured. */
    public boolean unknownStability() {
        return "unknown".equalsIgnoreCase(get("unstable"));
    }

    public boolean unstable() {
        return "true".equalsIgnoreCase(get("unstable"));
    }

    /** The words shown in every table's flags column. */
    public String flags() {
        List<String> f = new ArrayList<>();
        if (oversubscribed()) {
            f.add("**oversubscribed**");
        }
        if (unstable()) {
            f.add("**unstable**");
        }
        if (unknownStability()) {
            f.add("1 fork");
        }
        if ("true".equals(get("saturated"))) {
            f.add("**saturated**"); // an open-loop row whose backlog reached its bound (latency suite)
        }
        if ("not-steady".equals(get("steady"))) {
            f.add("**not-steady**"); // an open-loop row whose interval log never became stationary
        }
        if ("true".equalsIgnoreCase(get("not_warm"))) { // a warming trend through the measured iterations (WarmTrend)
            f.add("**not-warm**");
        }
        return String.join(" ", f);
    }

    /** Flags of several rows, each word once (a comparison of two flagged rows says it once). */
    public static String flags(TextLine... rows) {
        boolean o = false;
        boolean u = false;
        for (TextLine r : rows) {
            o |= r != null && r.oversubscribed();
            u |= r != null && r.unstable();
        }
        return ((o ? "**oversubscribed** " : "") + (u ? "**unstable**" : "")).trim();
    }

    /** The plot-side marker: * oversubscribed, ! unstable. */
    public String marks() {
        return (oversubscribed() ? "*" : "") + (unstable() ? "!" : "");
    }

    /**
     * The runtime a row ran on where its run swept one ({@code --jdk}, {@code --gc}, {@code --threads}; the build in a
     * run of two builds), e.g. {@code jdk25/zgc/virtual} or {@code head}; empty where the run swept none, so labels stay
     * as they were.
     */
    public String runtime() {
        List<String> parts = new ArrayList<>();
        if (has(BuildAxis.CONFIG)) {
            parts.add(get(BuildAxis.CONFIG));
        }
        if (has("jdk")) {
            parts.add("jdk" + get("jdk"));
        }
        for (String c : List.of("gc", "thread_kind")) {
            if (has(c)) {
                parts.add(get(c));
            }
        }
        return String.join("/", parts);
    }

    /** {@code transport/wait}, then the runtime where the run swept one: the name of a row in tables and figures. */
    public String label() {
        return transport() + "/" + waitStrategy() + (runtime().isEmpty() ? "" : " " + runtime());
    }

    /** Whether two rows ran on the same runtime (both on the harness's own where neither names one). */
    public boolean sameRuntime(TextLine other) {
        return runtime().equals(other.runtime());
    }

    /** "k=v k=v" over the given columns, for naming a configuration. */
    public String describe(List<String> cols) {
        StringBuilder b = new StringBuilder();
        for (String c : cols) {
            if (has(c)) {
                if (b.length() > 0) {
                    b.append(' ');
                }
                b.append(c).append('=').append(get(c));
            }
        }
        return b.toString();
    }

    /** Key for matching rows across runs. */
    public String key(List<String> cols) {
        StringBuilder b = new StringBuilder();
        for (String c : cols) {
            b.append(get(c)).append('\u0001');
        }
        return b.toString();
    }
}
