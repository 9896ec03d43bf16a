package handoff.harness.results;

import java.util.Locale;

/**
 * A number in a CSV cell, written and read one way everywhere in the run folder: an unknown value is the empty
 * cell, never 0 (and never "NaN"); reading gives NaN for an empty, missing or unparseable cell.
 */
public final class Cells {
    private Cells() {
    }

    /** A cell's text: integers without a decimal point, otherwise 4 significant digits (1 decimal from 100 up); "" for NaN or ∞. */
    public static String format(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.4g", v);
    }

    /** The number in a cell's text ({@code _} digit separators allowed); NaN when null, empty or not a number. */
    public static double parse(String s) {
        if (s == null || s.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(s.replace("_", ""));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
