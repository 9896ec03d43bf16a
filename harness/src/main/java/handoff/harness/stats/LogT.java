package handoff.harness.stats;

import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The study's test of two configurations (docs/statistics.md §3): a t-type test on the logarithms of their per-fork
 * values, so that a difference is a ratio and a fork's slow spell is a multiplicative factor.
 *
 * <ul>
 *   <li><b>Rounds as blocks</b> ({@link #blocked}): where both sides ran in the same rounds (fork i of every
 *   configuration of a table runs in round i, interleaved), the test is the paired t-test on the per-round
 *   log-ratios log(a_i / b_i): a slow spell that a round shared cancels. A round missing either side is dropped.</li>
 *   <li><b>Separate runs</b> ({@link #welch}): Welch's t-test on log values (unequal variances, Welch–Satterthwaite
 *   degrees of freedom).</li>
 * </ul>
 *
 * Unlike an exact rank test, whose smallest p with 3 vs 3 forks is 0.1, a t-test can reach any level with 3 rounds
 * when the forks agree — at the price of an assumption (log values near normal within a row) that
 * {@code SimulationTest} checks under the fork distributions this box produces: two-mode mixtures and spells shared
 * by a round included. The estimate is the geometric mean ratio, its interval the t-interval read back as a ratio.
 */
public final class LogT {
    /** Names as the report prints them. */
    public static final String PAIRED = "paired t on per-round log-ratios";
    public static final String WELCH = "Welch t on log per-fork values";

    /**
     * The relative resolution of a per-fork figure: percentiles come from HdrHistogram buckets and throughput from
     * JMH scores printed to a few digits, so forks that read alike may differ by up to about 1 %. Each log value's
     * variance is at least that of a uniform error of ±1 % ((ln 1.01)² / 3): three forks that print the same number are
     * not a difference known exactly, and a t-test on them does not call 0.5 % "significant".
     */
    public static final double RESOLUTION = 0.01;
    static final double FLOOR = Math.log(1 + RESOLUTION) * Math.log(1 + RESOLUTION) / 3;

    /**
     * The assumption check (docs/statistics.md §3): a t-test on three or four values is only as good as their being
     * near normal, and a fork that landed in the box's other mode (6–8× slower) breaks that. Where the values tested
     * (the per-round log-ratios of a paired test; each side's forks of a Welch test) spread over more than this factor,
     * the test is not run and the comparison says why: "cannot tell", never a p-value.
     */
    public static final double SPREAD = 2;
    /** From this many values a side the check is not made: the t-test is robust enough there (SimulationTest). */
    static final int LARGE = 6;
    /** Suffix of a test's name when the assumption check refused it. */
    public static final String REFUSED = " refused: forks spread over 2× (two modes)";

    private LogT() {
    }

    /** Paired by round where at least two rounds hold both sides; otherwise Welch on the forks each side has. */
    public static Comparison blocked(double[] a, double[] b) {
        return common(a, b) >= 2 ? paired(a, b) : welch(a, b);
    }

    /** Paired t on log(a_i / b_i) over the positions where both are positive. */
    public static Comparison paired(double[] a, double[] b) {
        List<Double> d = new ArrayList<>();
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            if (positive(a[i]) && positive(b[i])) {
                d.add(Math.log(a[i]) - Math.log(b[i]));
            }
        }
        int k = d.size();
        if (k < Stats.MIN_FORKS) {
            return untested(PAIRED, k, k, true, d.stream().mapToDouble(x -> x).average().orElse(Double.NaN));
        }
        double spread = d.stream().mapToDouble(x -> x).max().orElse(0) - d.stream().mapToDouble(x -> x).min().orElse(0);
        if (k < LARGE && spread > Math.log(SPREAD)) {
            return refused(PAIRED, k, k, true);
        }
        double mean = d.stream().mapToDouble(x -> x).average().orElse(Double.NaN);
        double ss = d.stream().mapToDouble(x -> square(x - mean)).sum();
        double se = Math.sqrt(Math.max(ss / (k - 1), 2 * FLOOR) / k);
        return of(PAIRED, mean, se, k - 1, k, k, true);
    }

    /** Welch's t on log values of the positive forks of each side. */
    public static Comparison welch(double[] a, double[] b) {
        double[] x = logs(a);
        double[] y = logs(b);
        if (x.length < Stats.MIN_FORKS || y.length < Stats.MIN_FORKS) {
            return untested(WELCH, x.length, y.length, false, x.length == 0 || y.length == 0 ? Double.NaN : mean(x) - mean(y));
        }
        if ((x.length < LARGE && range(x) > Math.log(SPREAD)) || (y.length < LARGE && range(y) > Math.log(SPREAD))) {
            return refused(WELCH, x.length, y.length, false);
        }
        double vx = variance(x) / x.length;
        double vy = variance(y) / y.length;
        double se = Math.sqrt(vx + vy);
        double df = square(vx + vy) / (square(vx) / (x.length - 1) + square(vy) / (y.length - 1));
        return of(WELCH, mean(x) - mean(y), se, df, x.length, y.length, false);
    }

    /**
     * Two-sided p of a t statistic. The standard error is never 0: each log value's variance is floored at the
     * resolution's ({@link #FLOOR}).
     */
    static double twoSided(double diff, double se, double df) {
        return Math.min(1, 2 * TDistribution.of(df).survivalProbability(Math.abs(diff / se)));
    }

    /** One-sided p that the true log difference exceeds {@code shift}. */
    static double greater(double diff, double shift, double se, double df) {
        return TDistribution.of(df).survivalProbability((diff - shift) / se);
    }

    /** The t quantile for a two-sided interval of this level. */
    static double quantile(double level, double df) {
        return TDistribution.of(df).inverseCumulativeProbability(0.5 + level / 2);
    }

    private static Comparison of(String test, double diff, double se, double df, int nA, int nB, boolean paired) {
        double p = twoSided(diff, se, df);
        double t = quantile(Stats.LEVEL, df);
        return new Comparison(test, Math.exp(diff), Math.exp(diff - t * se), Math.exp(diff + t * se), Stats.LEVEL, p, 0, nA, nB,
                paired, diff, se, df);
    }

    /** A comparison the check refused: p = 1, so that it stays in its family's count and is never significant. */
    private static Comparison refused(String test, int nA, int nB, boolean paired) {
        return new Comparison(test + REFUSED, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 1, 0, nA, nB, paired,
                Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * Too few forks for a test (fewer than {@link Stats#MIN_FORKS} a side): the estimate alone (the geometric-mean ratio,
     * a description), no interval, no p, so no verdict.
     */
    private static Comparison untested(String test, int nA, int nB, boolean paired, double logDiff) {
        return new Comparison(test, Math.exp(logDiff), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, nA, nB, paired,
                Double.NaN, Double.NaN, Double.NaN);
    }

    /** Positions where both sides are positive: the rounds a paired test can use. */
    public static int common(double[] a, double[] b) {
        if (a == null || b == null) {
            return 0;
        }
        int n = 0;
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (positive(a[i]) && positive(b[i])) {
                n++;
            }
        }
        return n;
    }

    private static boolean positive(double x) {
        return !Double.isNaN(x) && x > 0 && !Double.isInfinite(x);
    }

    private static double[] logs(double[] v) {
        return v == null ? new double[0] : Arrays.stream(v).filter(LogT::positive).map(Math::log).toArray();
    }

    private static double range(double[] x) {
        return Arrays.stream(x).max().orElse(0) - Arrays.stream(x).min().orElse(0);
    }

    /** Whether the assumption check refused this comparison. */
    public static boolean refused(Comparison c) {
        return c != null && refusedDesign(c.test());
    }

    /** Whether a test's name (or the design words that begin with it) says the check refused it. */
    public static boolean refusedDesign(String test) {
        return test != null && test.contains(REFUSED);
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElse(Double.NaN);
    }

    private static double variance(double[] x) {
        double m = mean(x);
        return Math.max(FLOOR, Arrays.stream(x).map(v -> square(v - m)).sum() / (x.length - 1));
    }

    static double square(double x) {
        return x * x;
    }
}
