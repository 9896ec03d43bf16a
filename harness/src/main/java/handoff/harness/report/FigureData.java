package handoff.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the figure kinds that write their own {@code .dat} files share: the include header every script reads
 * (title, the oversubscribed/unstable statement, size), names safe for a file, gnuplot's quoting, series labels
 * and range helpers that skip NaN (and, for a log axis, values that are not positive).
 */
public final class FigureData {
    /** A point left of every x range: keeps a data file valid (gnuplot warns on empty files) without drawing. */
    public static final String NOTHING = "-1e9 1 \"\"\n";
    /** Filled and open shapes alternate, so a series drawn over an identical one still shows both markers. */
    public static final List<Integer> SERIES_POINTS = List.of(7, 4, 9, 6, 13, 10, 5, 8, 11, 12);
    /** More lines than this in one percentile plot become unreadable: a kind splits it by wait strategy. */
    public static final int MAX_SERIES = 10;

    private FigureData() {
    }

    /** The figure's include: its title, the statement about its rows ({@code *} oversubscribed, {@code !} unstable), its size. */
    public static Gp header(String title, boolean oversubscribed, boolean unstable, int width, int height) {
        String note = oversubscribed ? "includes OVERSUBSCRIBED rows (threads > CPUs), marked *" : "no oversubscribed rows";
        if (unstable) {
            note += "; ! = unstable (forks disagree > 2x)";
        }
        return new Gp().comment(title).str("fig_title", title).str("fig_note", note).num("fig_w", width).num("fig_h", height);
    }

    public static Gp header(String title, List<Row> rows, int width, int height) {
        return header(title, RunData.anyOversubscribed(rows), RunData.anyUnstable(rows), width, height);
    }

    public static void write(Path dataDir, String file, String text) throws IOException {
        Files.writeString(dataDir.resolve(file), text, StandardCharsets.UTF_8);
    }

    /** A value as part of a file name: lower case, runs of anything else than letters and digits become {@code _}. */
    public static String safe(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "_").replace('.', '_');
    }

    /** A gnuplot data-file string: double-quoted, a double quote inside becomes a single one. */
    public static String q(String s) {
        return "\"" + s.replace("\"", "'") + "\"";
    }

    /** A row's series label: transport, its wait where several are drawn, its runtime where swept, its marks. */
    public static String label(Row r, boolean withWait) {
        return r.get("transport") + (withWait ? "/" + r.get("wait") : "") + (r.runtime().isEmpty() ? "" : " " + r.runtime()) + r.marks();
    }

    /** Marks for a line made of several rows: * if any is oversubscribed, ! if any is unstable. */
    public static String seriesMarks(List<Row> rows) {
        return (RunData.anyOversubscribed(rows) ? "*" : "") + (RunData.anyUnstable(rows) ? "!" : "");
    }

    /** Whether the rows hold more than one value of the column. */
    public static boolean multi(List<Row> rows, String col) {
        return RunData.distinct(rows, col).size() > 1;
    }

    public static List<Double> nums(List<String> s) {
        List<Double> out = new ArrayList<>();
        for (String v : s) {
            out.add(Double.parseDouble(v));
        }
        return out;
    }

    public static double min(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b);
    }

    public static double max(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }

    /** Positive minimum for a log axis (zero or negative values cannot be drawn on it). */
    public static double posMin(double a, double v) {
        return v > 0 ? min(a, v) : a;
    }
}
