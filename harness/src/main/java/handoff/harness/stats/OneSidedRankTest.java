package handoff.harness.stats;

import java.util.Arrays;

/**
 * The one-sided exact Mann–Whitney (Wilcoxon rank-sum) test on per-fork values of two configurations that were not
 * paired: the p-value of "y tends to lie above x", the chance under exchangeability that y's rank sum is at least the
 * one observed. Exact for any design with or without ties: the null distribution of the rank sum (mid-ranks, counted
 * in half-ranks) is counted by dynamic programming over the pooled values, never approximated. A regression beyond a
 * threshold is this test on scaled values ({@code compare --fail-on regression}: is the new run worse than the base
 * by more than X %?).
 */
public final class OneSidedRankTest {
    /** The test's name as printed beside every claim it makes. */
    public static final String NAME = "one-sided exact Mann–Whitney";

    private OneSidedRankTest() {
    }

    /**
     * p-value of "y tends above x" on the positive, known values of each (others are not measurements); NaN when
     * either side has none.
     */
    public static double pGreater(double[] x, double[] y) {
        double[] a = known(x);
        double[] b = known(y);
        int n = a.length;
        int m = b.length;
        if (n < 1 || m < 1) {
            return Double.NaN;
        }
        double[] pooled = new double[n + m];
        System.arraycopy(a, 0, pooled, 0, n);
        System.arraycopy(b, 0, pooled, n, m);
        double[] ranks = RankTest.midRanks(pooled);
        int[] half = new int[n + m]; // mid-ranks are multiples of 1/2: count in half-ranks, exactly
        int observed = 0;
        for (int i = 0; i < n + m; i++) {
            half[i] = (int) Math.round(2 * ranks[i]);
            if (i >= n) {
                observed += half[i];
            }
        }
        double[] sums = sumCounts(half, m);
        double at = 0;
        double total = 0;
        for (int s = 0; s < sums.length; s++) {
            total += sums[s];
            if (s >= observed) {
                at += sums[s];
            }
        }
        return at / total;
    }

    /** The smallest one-sided p-value n and m values can give: 1 / C(n+m, n); NaN without values. */
    public static double minP(int n, int m) {
        if (n < 1 || m < 1) {
            return Double.NaN;
        }
        return 1 / RankTest.choose(n + m, n);
    }

    /** Ways to choose k of the values with each possible sum: index = the sum. */
    private static double[] sumCounts(int[] values, int k) {
        int max = Arrays.stream(values).sum();
        double[][] ways = new double[k + 1][max + 1];
        ways[0][0] = 1;
        for (int v : values) {
            for (int j = k; j >= 1; j--) {
                for (int s = max; s >= v; s--) {
                    ways[j][s] += ways[j - 1][s - v];
                }
            }
        }
        return ways[k];
    }

    private static double[] known(double[] v) {
        return v == null ? new double[0] : Arrays.stream(v).filter(d -> !Double.isNaN(d) && d > 0).toArray();
    }
}
