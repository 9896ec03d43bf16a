package handoff.harness.stats;

import java.util.Arrays;

/**
 * Whether a series of per-interval values (an open-loop run's per-interval p50s) is stationary: the
 * Mann–Kendall trend test, two-sided, at {@link #ALPHA}, over the last {@link #WINDOW} values.
 *
 * <p>Why this test: what makes an open-loop window unrepresentative is a level that still moves one way — a
 * warm-up backlog draining (p50s falling interval after interval), the JIT still compiling, or a queue
 * filling (p50s rising). Mann–Kendall detects exactly a monotone trend, of any shape, from ranks only: no
 * distribution is assumed, and one multi-millisecond deschedule on a shared VM (a single outlier interval)
 * moves its statistic by at most {@code n − 1} of its {@code n(n−1)/2} pairs, so noise alone rejects it only
 * at the stated level. The statistic S counts increasing minus decreasing pairs; under "no trend" its
 * variance is {@code n(n−1)(2n+5)/18} (ties reduce it slightly; ignored, which makes the test a little
 * conservative), and |S| − 1 over its standard deviation is compared with the normal quantile.
 *
 * <p>A trend counts only if it is also material: the Theil–Sen slope (median of pairwise slopes, as robust as the
 * test) carries the level across the tested intervals by more than {@link #MATERIAL} of their median. A series of
 * near-equal values can be significantly ordered by a drift of a few percent that changes no conclusion (a p50
 * creeping from 30.0 to 30.7 µs is a perfect ranking); that is not a warm-up. Measured false-flag rate on flat
 * series with 30 % log-normal interval noise: 3.8 % (SteadyStateTest).
 */
public final class SteadyState {
    /** Intervals the test looks at: 8 (with 50 ms intervals, the last 0.4 s). */
    public static final int WINDOW = 8;
    /** Two-sided level of the trend test. */
    public static final double ALPHA = 0.05;
    /** A trend must move the level by more than this fraction of the median across the tested intervals. */
    public static final double MATERIAL = 0.2;
    /** The standard normal quantile for {@link #ALPHA} two-sided. */
    private static final double Z = 1.959964;

    private SteadyState() {
    }

    /** The Mann–Kendall statistic S: pairs i &lt; j with x[j] &gt; x[i] minus pairs with x[j] &lt; x[i]. */
    public static long kendallS(double[] x, int from, int to) {
        long s = 0;
        for (int i = from; i < to; i++) {
            for (int j = i + 1; j < to; j++) {
                s += Double.compare(x[j], x[i]) > 0 ? 1 : Double.compare(x[j], x[i]) < 0 ? -1 : 0;
            }
        }
        return s;
    }

    /** Whether x[from, to) shows a monotone trend at {@link #ALPHA} (false for fewer than 4 values: no test). */
    public static boolean trend(double[] x, int from, int to) {
        int n = to - from;
        if (n < 4) {
            return false;
        }
        double sd = Math.sqrt(n * (n - 1.0) * (2 * n + 5) / 18.0);
        long s = kendallS(x, from, to);
        return (Math.abs(s) - 1) / sd > Z && Math.abs(senSlope(x, from, to)) * (n - 1) > MATERIAL * median(x, from, to);
    }

    /** Theil–Sen slope of x[from, to) against its index: the median of (x[j] − x[i]) / (j − i) over pairs i &lt; j. */
    public static double senSlope(double[] x, int from, int to) {
        int n = to - from;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = from; i < to; i++) {
            for (int j = i + 1; j < to; j++) {
                slopes[k++] = (x[j] - x[i]) / (j - i);
            }
        }
        return median(slopes, 0, k);
    }

    private static double median(double[] x, int from, int to) {
        double[] c = Arrays.copyOfRange(x, from, to);
        Arrays.sort(c);
        int n = c.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
    }

    /** Whether the last {@link #WINDOW} of the first {@code count} values are stationary (no trend); false while fewer. */
    public static boolean settled(double[] x, int count) {
        return count >= WINDOW && !trend(x, count - WINDOW, count);
    }

    /**
     * For a series recorded whole and judged afterwards (echo's open loop): the first index {@code s ≤ cap} from
     * which the next {@link #WINDOW} values show no trend and whose own value is not above twice the median of the
     * rest, or -1 if there is none (the run never settled within its cap). The part from {@code s} on is the steady
     * part. The second condition is needed because the trend test is robust by design: the last one or two values of
     * a drain (12 ms, 5 ms, then 30 µs flat) are outliers to it, not a trend, and would otherwise be kept.
     */
    public static int steadyStart(double[] x, int cap) {
        for (int s = 0; s <= cap && s + WINDOW <= x.length; s++) {
            if (!trend(x, s, s + WINDOW) && x[s] <= 2 * median(x, s + 1, x.length)) {
                return s;
            }
        }
        return -1;
    }

    /** The verdict of a whole measured window: "steady", or "not-steady" when it trends. */
    public static String verdict(double[] x) {
        return trend(x, 0, x.length) ? NOT_STEADY : STEADY;
    }

    public static final String STEADY = "steady";
    public static final String NOT_STEADY = "not-steady";
}
