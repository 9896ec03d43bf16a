package handoff.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The statistics every ranking number in the study goes through, in one place so that a row means the same
 * thing in every table.
 *
 * <p>Numbers are folded <em>over forks</em> (one value per JVM), because on a shared or virtualised box the
 * JVM-to-JVM spread dominates: a JVM lands in a fast or a slow mode and stays there. The centre is the
 * median over forks; its interval is distribution-free (order statistics of the binomial), so a bimodal or
 * skewed set of forks does not fake a narrow interval the way a t-interval of the mean would. With fewer than
 * six forks no pair of order statistics covers the median with 95 % confidence: the interval is then the
 * whole range (min..max), and {@link Interval#level()} says the coverage it really has ({@code 1 - 2^(1-n)}:
 * 75 % for 3 forks, 93.75 % for 5).
 *
 * <p>Claims that rank use tests with a known false-positive rate at the fork counts used, all at one level
 * {@link #ALPHA} (two-sided): {@link #shiftTest} (the t-test on log per-fork values (rounds as blocks), geometric-mean ratio with
 * its interval) for unpaired forks, {@link #pairedTest} (paired t on log-ratios) for
 * forks run interleaved in pairs, {@link #rank} for a whole table (Holm over its pairs, compact letters). An
 * interval is a description of spread; "do the intervals overlap" is not the test ({@link #separated} is kept
 * only for callers that have not moved yet: with 3 forks it is a test at about α = 0.10).
 */
public final class Stats {
    /** Confidence the intervals aim for. */
    public static final double LEVEL = 0.95;
    /** The study's one significance level: two-sided, family-wise over a table's comparisons (Holm). */
    public static final double ALPHA = 0.05;
    /**
     * The margin of "alike": two rows whose ratio is shown inside [1/1.05, 1.05] by an equivalence test are "alike",
     * a verdict apart from "cannot tell" (docs/statistics.md §7).
     */
    public static final double MARGIN = 0.05;
    /**
     * The fewest forks (or rounds, or pairs) a side needs before any test verdict is given on it (docs/statistics.md §5):
     * with two, a t-test has one degree of freedom and its verdict follows whether two numbers happen to agree, not
     * the size of the effect. Below it a row may say what every fork shows, never a verdict.
     */
    public static final int MIN_FORKS = 3;
    /** Fewest forks on which {@link #modes} can test for two clusters (each side needs two). */
    public static final int MODE_FORKS = 4;
    /** Adjacent per-fork values further apart than this factor may split a row into two modes. */
    public static final double MODE_GAP = 1.5;

    private Stats() {
    }

    /**
     * A centre and an interval around it.
     *
     * @param centre median over the values
     * @param lo     lower end of the interval
     * @param hi     upper end of the interval
     * @param level  the coverage the interval really has (below {@link #LEVEL} for too few values)
     * @param n      how many values it was computed from
     */
    public record Interval(double centre, double lo, double hi, double level, int n) {
        public boolean contains(double x) {
            return lo <= x && x <= hi;
        }

        /** E.g. {@code [1.2, 3.4] (95 %, 10 forks)}; for a single value the value alone. */
        public String describe() {
            if (n < 2) {
                return "1 fork: no interval";
            }
            return String.format(Locale.ROOT, "%.0f %% interval over %d forks", level * 100, n);
        }
    }

    public static double median(double[] xs) {
        double[] s = sorted(xs);
        int n = s.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** max / min of the values: how far apart the forks lie; NaN with fewer than two or a value <= 0. */
    public static double spreadRatio(double[] xs) {
        if (xs.length < 2) {
            return Double.NaN;
        }
        double[] s = sorted(xs);
        return s[0] > 0 ? s[s.length - 1] / s[0] : Double.NaN;
    }

    /**
     * Median and a distribution-free interval for it: the narrowest symmetric pair of order statistics
     * {@code [x(k), x(n+1-k)]} whose binomial coverage is at least {@link #LEVEL}, else min..max.
     */
    public static Interval medianInterval(double[] values) {
        double[] s = sorted(values);
        int n = s.length;
        if (n == 0) {
            return new Interval(Double.NaN, Double.NaN, Double.NaN, 0, 0);
        }
        double centre = median(s);
        if (n == 1) {
            return new Interval(centre, s[0], s[0], 0, 1);
        }
        // coverage of [x(k), x(n+1-k)] is 1 - 2 P(Binom(n, 1/2) <= k-1); widen k downwards until it reaches LEVEL
        int k = 1;
        for (int cand = n / 2; cand >= 1; cand--) {
            if (coverage(n, cand) >= LEVEL) {
                k = cand;
                break;
            }
        }
        return new Interval(centre, s[k - 1], s[n - k], coverage(n, k), n);
    }

    /** Coverage of the order-statistic interval {@code [x(k), x(n+1-k)]} for the median (k is 1-based). */
    static double coverage(int n, int k) {
        double tail = 0;
        for (int i = 0; i <= k - 1; i++) {
            tail += binomial(n, i);
        }
        return 1 - 2 * tail / Math.pow(2, n);
    }

    private static double binomial(int n, int k) {
        double r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }

    /**
     * Comparison of two rows of one run on their per-fork values (position i = round i): the paired t-test on the
     * per-round log-ratios where two or more rounds hold both, else Welch's t on log values ({@link LogT#blocked});
     * the geometric-mean ratio a/b with its t-interval at {@link #LEVEL}. docs/statistics.md §3.
     */
    public static Comparison shiftTest(double[] a, double[] b) {
        return LogT.blocked(a, b);
    }

    /** Two rows of separate runs (nothing shared in time): Welch's t on log per-fork values ({@link LogT#welch}). */
    public static Comparison acrossRuns(double[] a, double[] b) {
        return LogT.welch(a, b);
    }

    /**
     * Paired comparison of forks run interleaved in pairs (a[i] beside b[i]): the paired t-test on log(a[i]/b[i]);
     * unpaired tails are ignored ({@link LogT#paired}). docs/statistics.md §4.
     */
    public static Comparison pairedTest(double[] a, double[] b) {
        return LogT.paired(a, b);
    }

    /** A level as printed: {@code 95 %}, {@code 99.3 %}. */
    public static String formatLevel(double level) {
        return formatPercent(level);
    }

    /** A fraction as a percentage: 0.05 → {@code 5 %}, 0.9929 → {@code 99.3 %}. */
    public static String formatPercent(double x) {
        String s = String.format(Locale.ROOT, "%.3g", x * 100);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s + " %";
    }

    /** A table's ranking: pairwise exact tests, Holm over the table, compact letters ({@link Ranking}). */
    public static Ranking rank(List<double[]> perForkValues, boolean higherIsBetter) {
        return Ranking.of(perForkValues, higherIsBetter);
    }

    /** A p-value or level as printed: two significant digits, e.g. 0.05, 0.1, 0.0076. */
    public static String formatP(double p) {
        if (Double.isNaN(p)) {
            return "—";
        }
        String s = String.format(Locale.ROOT, "%.2g", p);
        if (s.contains("e")) {
            return String.format(Locale.ROOT, "%.1e", p);
        }
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /**
     * Whether two intervals leave a gap between them. Not a test at a stated level (with 3 forks each about
     * α = 0.10): use {@link #shiftTest} where per-fork values are at hand.
     */
    public static boolean separated(Interval a, Interval b) {
        return a.n() >= 2 && b.n() >= 2 && (a.hi() < b.lo() || b.hi() < a.lo());
    }

    /**
     * The ratio {@code a/b} from forks run interleaved in pairs (a0, b0, a1, b1 ...): one ratio per pair, so the
     * drift both members of a pair shared cancels; median and interval over the pairs. Unpaired tails are
     * ignored.
     */
    public static Interval pairedRatio(double[] a, double[] b) {
        int n = Math.min(a.length, b.length);
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = a[i] / b[i];
        }
        return medianInterval(r);
    }

    /** Whether a ratio's interval lies wholly above or below 1 (with 3 pairs a sign test at α = 0.25: see {@link #pairedTest}). */
    public static boolean differsFromOne(Interval ratio) {
        return ratio.n() >= 2 && (ratio.lo() > 1 || ratio.hi() < 1);
    }

    /**
     * Two modes in the per-fork values, or null. The sorted values are split at their largest multiplicative
     * gap; it is a second mode when each side holds at least two forks, the gap is at least {@link #MODE_GAP}
     * and wider than the spread inside either side. Returns the two centres (medians of each side), low first.
     * Below {@link #MODE_FORKS} forks it cannot be tested and returns null: callers say "untestable with n forks"
     * ({@link #bimodality}).
     */
    public static double[] modes(double[] values) {
        double[] s = sorted(values);
        int n = s.length;
        if (n < MODE_FORKS || s[0] <= 0) {
            return null;
        }
        int split = -1;
        double gap = 1;
        for (int i = 1; i < n; i++) {
            double g = s[i] / s[i - 1];
            if (g > gap) {
                gap = g;
                split = i;
            }
        }
        if (split < 2 || n - split < 2 || gap < MODE_GAP) {
            return null;
        }
        double[] low = Arrays.copyOfRange(s, 0, split);
        double[] high = Arrays.copyOfRange(s, split, n);
        double spread = Math.max(low[low.length - 1] / low[0], high[high.length - 1] / high[0]);
        if (gap <= spread) {
            return null;
        }
        return new double[] {median(low), median(high)};
    }

    /** {@code true}, {@code false}, or {@code untestable} (fewer than {@link #MODE_FORKS} forks). */
    public static String bimodality(double[] values) {
        if (values.length < MODE_FORKS) {
            return "untestable";
        }
        return Boolean.toString(modes(values) != null);
    }

    /**
     * Round-robin order of groups of runs: the first of every group, then the second of every group, and so
     * on (a, b, c, a, b, c ...). Forks of configurations that are compared run this way, so that a drift of
     * the box over minutes lands on all of them alike instead of on whichever ran last.
     */
    public static <T> List<T> interleave(List<List<T>> groups) {
        List<T> out = new ArrayList<>();
        int longest = groups.stream().mapToInt(List::size).max().orElse(0);
        for (int i = 0; i < longest; i++) {
            for (List<T> g : groups) {
                if (i < g.size()) {
                    out.add(g.get(i));
                }
            }
        }
        return out;
    }

    private static double[] sorted(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s;
    }
}
