package handoff.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** One CSV row by column name. Absent columns read as "" so older or newer files never break the report. */
final class Row {
    private final Map<String, String> cells;
    private final String file;

    Row(String file, Map<String, String> cells) {
        this.file = file;
        this.cells = cells;
    }

    String file() {
        return file;
    }

    String get(String col) {
        String v = cells.get(col);
        return v == null ? "" : v.trim();
    }

    boolean has(String col) {
        return !get(col).isEmpty();
    }

    /** The number in a cell, NaN when empty or not a number (empty cell = not measured, per the schema). */
    double num(String col) {
        String v = get(col);
        if (v.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v.replace("_", ""));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    String status() {
        String s = get("status");
        return s.isEmpty() ? "ok" : s; // pipeline-hops.csv has no status: its rows exist only for ok trials
    }

    boolean ok() {
        return "ok".equals(status().toLowerCase(Locale.ROOT));
    }

    /** "failed", "timeout", "n/a", "skipped" or "ok". */
    String statusKind() {
        String s = status();
        int c = s.indexOf(':');
        return (c < 0 ? s : s.substring(0, c)).toLowerCase(Locale.ROOT);
    }

    String statusReason() {
        String s = status();
        int c = s.indexOf(':');
        return c < 0 ? "" : s.substring(c + 1).trim();
    }

    /** True when the harness says so, or when the row itself shows more threads than CPUs. */
    boolean oversubscribed() {
        if ("true".equalsIgnoreCase(get("oversubscribed"))) {
            return true;
        }
        double t = num("threads");
        double c = num("cpus");
        return !Double.isNaN(t) && !Double.isNaN(c) && t > c;
    }

    boolean unstable() {
        return "true".equalsIgnoreCase(get("unstable"));
    }

    /** The words shown in every table's flags column. */
    String flags() {
        List<String> f = new ArrayList<>();
        if (oversubscribed()) {
            f.add("**oversubscribed**");
        }
        if (unstable()) {
            f.add("**unstable**");
        }
        return String.join(" ", f);
    }

    /** Flags of several rows, each word once (a comparison of two flagged rows says it once). */
    static String flags(Row... rows) {
        boolean o = false;
        boolean u = false;
        for (Row r : rows) {
            o |= r != null && r.oversubscribed();
            u |= r != null && r.unstable();
        }
        return ((o ? "**oversubscribed** " : "") + (u ? "**unstable**" : "")).trim();
    }

    /** The plot-side marker: * oversubscribed, ! unstable. */
    String marks() {
        return (oversubscribed() ? "*" : "") + (unstable() ? "!" : "");
    }

    /** "k=v k=v" over the given columns, for naming a configuration. */
    String describe(List<String> cols) {
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
    String key(List<String> cols) {
        StringBuilder b = new StringBuilder();
        for (String c : cols) {
            b.append(get(c)).append('\u0001');
        }
        return b.toString();
    }
}
