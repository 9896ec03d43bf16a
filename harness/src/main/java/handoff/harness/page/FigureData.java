package handoff.harness.page;

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
    /** Width of a character of the figures' font (Sans 10) in pixels, rounded up: what a canvas is sized by. */
    public static final int CHAR_PX = 7;
    /** Height of one legend line in pixels. */
    public static final int LINE_PX = 18;

    private FigureData() {
    }

    /** The figure's include: its title, the statement about its rows ({@code *} oversubscribed, {@code !} unstable), its size. */
    public static GnuplotInclude header(String title, boolean oversubscribed, boolean unstable, int width, int height) {
        String note = oversubscribed ? "includes OVERSUBSCRIBED rows (threads > CPUs), marked *" : "no oversubscribed rows";
        if (unstable) {
            note += "; ! = unstable (forks disagree > 2x)";
        }
        return new GnuplotInclude().comment(title).str("fig_title", title).str("fig_note", note).num("fig_w", width).num("fig_h", height);
    }

    public static GnuplotInclude header(String title, List<TextLine> rows, int width, int height) {
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

    /**
     * A row's series label: transport, its wait where several are drawn, a ring's producer model ({@code sp}, {@code mp}),
     * {@code alloc} for allocated RTT messages, its runtime where swept, its marks.
     */
    public static String label(TextLine r, boolean withWait) {
        return r.transport() + (withWait ? "/" + r.waitStrategy() : "") + (r.producerModel().isEmpty() ? "" : " " + r.producerModel())
                + ("allocated".equals(r.get("messages")) ? " alloc" : "") + (r.runtime().isEmpty() ? "" : " " + r.runtime()) + r.marks();
    }

    /**
     * The labels, each made unique: a label that several rows share gets the key columns in which those rows differ
     * ({@code [producer_model=mp]}), so that no two legend entries or table rows read alike.
     */
    public static List<String> unique(List<String> labels, List<TextLine> rows) {
        List<String> out = new ArrayList<>(labels);
        for (int i = 0; i < labels.size(); i++) {
            List<Integer> same = new ArrayList<>();
            for (int j = 0; j < labels.size(); j++) {
                if (labels.get(j).equals(labels.get(i))) {
                    same.add(j);
                }
            }
            if (same.size() < 2) {
                continue;
            }
            List<String> differ = new ArrayList<>();
            for (String k : RunData.KEYS.getOrDefault(rows.get(i).file(), List.of())) {
                if (same.stream().map(j -> rows.get(j).get(k)).distinct().count() > 1) {
                    differ.add(k + "=" + rows.get(i).get(k));
                }
            }
            out.set(i, labels.get(i) + " [" + (differ.isEmpty() ? "row " + (same.indexOf(i) + 1) : String.join(" ", differ)) + "]");
        }
        return out;
    }

    /** Pixels a legend of one entry per line needs beside a plot: the longest entry at ~7 px a character, its sample and margins. */
    public static int keyWidth(List<String> entries) {
        int longest = entries.stream().mapToInt(String::length).max().orElse(0);
        return CHAR_PX * longest + 110;
    }

    /** Pixels a legend of n entries, one a line, needs in height, with its box. */
    public static int keyHeight(int entries) {
        return LINE_PX * entries + 40;
    }

    /**
     * The coverage of the rows' intervals, as a caption states it: "75 %", or "50 %–97 %" where the rows' forks differ
     * (their {@code interval_level} cells; a row of one fork has no interval and is not counted); "unknown" where no row
     * says.
     */
    public static String levels(List<TextLine> rows) {
        return levelsOf(rows.stream().map(r -> r.num("interval_level")).toList());
    }

    /** As {@link #levels(List)} for levels already read (a suite's own line records). */
    public static String levelsOf(List<Double> levels) {
        double lo = Double.NaN;
        double hi = Double.NaN;
        for (double v : levels) {
            if (v > 0) {
                lo = min(lo, v);
                hi = max(hi, v);
            }
        }
        if (Double.isNaN(lo)) {
            return "unknown";
        }
        return lo == hi ? percent(lo) : percent(lo) + "–" + percent(hi);
    }

    private static String percent(double level) {
        String s = String.format(Locale.ROOT, "%.1f", 100 * level).replaceAll("\\.0$", "");
        return s + " %";
    }

    /** Marks for a line made of several rows: * if any is oversubscribed, ! if any is unstable. */
    public static String seriesMarks(List<TextLine> rows) {
        return (RunData.anyOversubscribed(rows) ? "*" : "") + (RunData.anyUnstable(rows) ? "!" : "");
    }

    /** Whether the rows hold more than one value of the column. */
    public static boolean multi(List<TextLine> rows, String col) {
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
