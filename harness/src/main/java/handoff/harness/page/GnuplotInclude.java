package handoff.harness.page;

import java.util.List;
import java.util.Locale;

/** Builds a gnuplot include file (variables, arrays, tic lists) that the hand-runnable scripts load. */
public final class GnuplotInclude {
    private final StringBuilder b = new StringBuilder();

    /** gnuplot single-quoted string: no escapes are interpreted except '' for a quote. */
    public static String q(String s) {
        return "'" + s.replace("'", "''").replace("\n", " ") + "'";
    }

    public GnuplotInclude comment(String c) {
        b.append("# ").append(c).append('\n');
        return this;
    }

    public GnuplotInclude str(String name, String value) {
        b.append(name).append(" = ").append(q(value)).append('\n');
        return this;
    }

    public GnuplotInclude num(String name, double v) {
        b.append(name).append(" = ").append(Double.isNaN(v) ? "NaN" : NumberText.dat(v)).append('\n');
        return this;
    }

    /** An array; gnuplot arrays cannot be empty, so a size-0 list becomes a 1-element placeholder. */
    public GnuplotInclude array(String name, List<String> values) {
        b.append("array ").append(name).append('[').append(Math.max(1, values.size())).append("] = [");
        if (values.isEmpty()) {
            b.append("''");
        }
        for (int i = 0; i < values.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(q(values.get(i)));
        }
        b.append("]\n");
        return this;
    }

    public GnuplotInclude numArray(String name, List<Double> values) {
        b.append("array ").append(name).append('[').append(Math.max(1, values.size())).append("] = [");
        if (values.isEmpty()) {
            b.append("NaN");
        }
        for (int i = 0; i < values.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(NumberText.dat(values.get(i)));
        }
        b.append("]\n");
        return this;
    }

    public GnuplotInclude line(String raw) {
        b.append(raw).append('\n');
        return this;
    }

    /** "set ytics ("100 ns" 100, "1 µs" 1000, ...)" over the decades spanning [lo, hi]. */
    public static String logTimeTics(String axis, double lo, double hi) {
        return logTimeTics(axis, lo, hi, 1);
    }

    /** As above for data plotted in units of nsPerUnit ns (e.g. 1e6 for ms); lo/hi are in those units. */
    public static String logTimeTics(String axis, double lo, double hi, double nsPerUnit) {
        StringBuilder t = new StringBuilder("set " + axis + "tics (");
        int a = (int) Math.floor(Math.log10(lo));
        int z = (int) Math.ceil(Math.log10(hi));
        for (int e = a; e <= z; e++) {
            double v = Math.pow(10, e);
            t.append(e == a ? "" : ", ").append('"').append(timeLabel(v * nsPerUnit)).append("\" ").append(NumberText.dat(v));
        }
        return t.append(')').toString();
    }

    /** Decade tics labelled as plain numbers (1, 10, 100, 1k, 1M). */
    public static String logPlainTics(String axis, double lo, double hi) {
        StringBuilder t = new StringBuilder("set " + axis + "tics (");
        int a = (int) Math.floor(Math.log10(lo));
        int z = (int) Math.ceil(Math.log10(hi));
        for (int e = a; e <= z; e++) {
            double v = Math.pow(10, e);
            t.append(e == a ? "" : ", ").append('"').append(plain(v)).append("\" ").append(NumberText.dat(v));
        }
        return t.append(')').toString();
    }

    public static String timeLabel(double ns) {
        if (ns < 1e3) {
            return trim(ns) + " ns";
        }
        if (ns < 1e6) {
            return trim(ns / 1e3) + " µs";
        }
        if (ns < 1e9) {
            return trim(ns / 1e6) + " ms";
        }
        return trim(ns / 1e9) + " s";
    }

    public static String plain(double v) {
        if (v >= 1e9) {
            return trim(v / 1e9) + "G";
        }
        if (v >= 1e6) {
            return trim(v / 1e6) + "M";
        }
        if (v >= 1e3) {
            return trim(v / 1e3) + "k";
        }
        return trim(v);
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    public static double decadeBelow(double v) {
        return Math.pow(10, Math.floor(Math.log10(v)));
    }

    public static double decadeAbove(double v) {
        return Math.pow(10, Math.ceil(Math.log10(v)));
    }

    @Override
    public String toString() {
        return b.toString();
    }
}
