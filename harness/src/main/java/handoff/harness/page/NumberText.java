package handoff.harness.page;

import handoff.harness.stats.Stats;

import java.util.Locale;
import java.util.function.DoubleFunction;

/** Number formatting for the report: one place, so every table reads the same way. */
public final class NumberText {
    public static final String NONE = "—";

    private NumberText() {
    }

    /** Nanoseconds with thousands separators: "1,234 ns"; sub-100 ns values keep one decimal. */
    public static String ns(double v) {
        if (Double.isNaN(v)) {
            return NONE;
        }
        return (Math.abs(v) < 100 ? String.format(Locale.ROOT, "%,.1f", v) : String.format(Locale.ROOT, "%,.0f", v)) + " ns";
    }

    /** A duration in the unit that suits it, 3 significant figures: "150 ns", "50.0 µs", "9.00 ms" (plot keys). */
    public static String time(double ns) {
        if (Double.isNaN(ns)) {
            return NONE;
        }
        double a = Math.abs(ns);
        double v = a < 1e3 ? ns : a < 1e6 ? ns / 1e3 : a < 1e9 ? ns / 1e6 : ns / 1e9;
        String unit = a < 1e3 ? "ns" : a < 1e6 ? "µs" : a < 1e9 ? "ms" : "s";
        double av = Math.abs(v);
        String f = av >= 100 ? "%.0f" : av >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, f, v) + " " + unit;
    }

    /** Three significant figures, no exponent: 1.23, 12.3, 123, 1230. */
    public static String sig3(double v) {
        if (Double.isNaN(v)) {
            return NONE;
        }
        double a = Math.abs(v);
        String f = a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : a >= 0.1 ? "%.3f" : "%.2g";
        return String.format(Locale.ROOT, f, v);
    }

    /** A rate scaled to its unit, 3 significant figures: "950 /s", "12.3 k/s", "2.75 M/s". */
    public static String rate(double v) {
        if (Double.isNaN(v)) {
            return NONE;
        }
        double a = Math.abs(v);
        return a >= 1e9 ? sig3(v / 1e9) + " G/s" : a >= 1e6 ? sig3(v / 1e6) + " M/s" : a >= 1e3 ? sig3(v / 1e3) + " k/s" : sig3(v) + " /s";
    }

    /** "2.75 M/s [2.61–2.90]": a centre with its interval in the same unit, or the centre alone for one fork. */
    public static String withInterval(Stats.Interval iv, DoubleFunction<String> unit) {
        if (iv.n() < 2 || Double.isNaN(iv.lo())) {
            return unit.apply(iv.centre());
        }
        // every interval carries its level (docs/statistics.md §2): min–max of 3 forks covers the median with 75 %
        String level = Double.isNaN(iv.level()) || iv.level() <= 0 ? "" : ", " + Stats.formatLevel(iv.level());
        return unit.apply(iv.centre()) + " [" + unit.apply(iv.lo()) + " – " + unit.apply(iv.hi()) + level + "]";
    }

    /** Events per second as M/s with three significant figures at least. */
    public static String eps(double v) {
        if (Double.isNaN(v)) {
            return NONE;
        }
        double m = v / 1e6;
        if (Math.abs(m) >= 100) {
            return String.format(Locale.ROOT, "%,.1f M/s", m);
        }
        if (Math.abs(m) >= 1) {
            return String.format(Locale.ROOT, "%.2f M/s", m);
        }
        return String.format(Locale.ROOT, "%.4f M/s", m);
    }

    /** "12.34 ± 0.56 M/s": the error gets the value's decimals, so the two read as one quantity. */
    public static String epsErr(double v, double err) {
        if (Double.isNaN(err) || Double.isNaN(v)) {
            return eps(v);
        }
        String value = eps(v).replace(" M/s", "");
        int dot = value.indexOf('.');
        int decimals = dot < 0 ? 0 : value.length() - dot - 1;
        return value + " ± " + String.format(Locale.ROOT, "%,." + decimals + "f", err / 1e6) + " M/s";
    }

    public static String ms(double v) {
        if (Double.isNaN(v)) {
            return NONE;
        }
        if (v == 0) {
            return "0 ms";
        }
        return (Math.abs(v) < 10 ? String.format(Locale.ROOT, "%,.3f", v) : String.format(Locale.ROOT, "%,.1f", v)) + " ms";
    }

    public static String msErr(double v, double err) {
        if (Double.isNaN(err) || Double.isNaN(v)) {
            return ms(v);
        }
        String value = ms(v).replace(" ms", "");
        int dot = value.indexOf('.');
        int decimals = dot < 0 ? 0 : value.length() - dot - 1;
        return value + " ± " + String.format(Locale.ROOT, "%,." + decimals + "f", err) + " ms";
    }

    /** Bytes: exact below 10 KiB (per-event allocation is small and every byte matters), else KiB/MiB/GiB. */
    public static String bytes(double v) {
        if (Double.isNaN(v)) {
            return NONE;
        }
        double a = Math.abs(v);
        if (a < 10 * 1024) {
            return (v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%,.1f", v)) + " B";
        }
        if (a < 10 * 1024 * 1024) {
            return String.format(Locale.ROOT, "%,.1f KiB", v / 1024);
        }
        if (a < 10.0 * 1024 * 1024 * 1024) {
            return String.format(Locale.ROOT, "%,.1f MiB", v / (1024 * 1024));
        }
        return String.format(Locale.ROOT, "%,.1f GiB", v / (1024.0 * 1024 * 1024));
    }

    public static String count(double v) {
        if (Double.isNaN(v)) {
            return NONE;
        }
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    /** Plain number, grouped, up to 3 decimals without trailing zeros. */
    /** A value in the unit its column's name says: {@code _ns}, {@code _eps}, {@code _ms}, or ns per item. */
    public static String byColumn(String column, double v) {
        if (column.endsWith("_ns")) {
            return ns(v);
        }
        if (column.endsWith("_eps")) {
            return eps(v);
        }
        if (column.endsWith("_ms")) {
            return ms(v);
        }
        if (column.equals("ns_per_item")) {
            return num(v) + " ns/item";
        }
        return num(v);
    }

    public static String num(double v) {
        if (Double.isNaN(v)) {
            return NONE;
        }
        if (v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        String s = String.format(Locale.ROOT, "%,.3f", v);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    public static String pct(double v) {
        return Double.isNaN(v) ? NONE : String.format(Locale.ROOT, "%.0f%%", v);
    }

    /** A ratio "3.86×"; more decimals for small ratios so 0.004× is not shown as 0.00×. */
    public static String ratio(double r) {
        if (Double.isNaN(r)) {
            return NONE;
        }
        if (Double.isInfinite(r)) {
            return "∞ (÷ 0)";
        }
        double a = Math.abs(r);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%,.0f×", r);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f×", r);
        }
        if (a >= 0.1) {
            return String.format(Locale.ROOT, "%.2f×", r);
        }
        return String.format(Locale.ROOT, "%.3g×", r);
    }

    /** a / b, NaN when either is missing; +Inf when only the denominator is zero. */
    public static double div(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Double.NaN;
        }
        if (b == 0) {
            return a == 0 ? Double.NaN : Double.POSITIVE_INFINITY;
        }
        return a / b;
    }

    /** Value for a gnuplot .dat column: plain, no grouping; NaN written as gnuplot's missing marker. */
    public static String dat(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "NaN";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
