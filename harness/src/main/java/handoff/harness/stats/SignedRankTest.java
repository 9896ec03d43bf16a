package handoff.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The exact Wilcoxon signed-rank test on paired log-ratios log(a_i / b_i), for forks run interleaved in pairs
 * (a0, b0, a1, b1 ...), so that a slow spell of the box that both members of a pair shared cancels. The
 * p-value enumerates all 2^n sign assignments (mid-ranks for tied |log-ratios|; pairs with a ratio of exactly
 * 1 are dropped); the estimate is the Hodges–Lehmann median of the Walsh averages, read back as a ratio, with
 * its distribution-free interval. Above {@link #ENUMERATE} pairs the normal approximation is used.
 */
public final class SignedRankTest {
    static final String NAME = "exact Wilcoxon signed-rank";
    static final int ENUMERATE = 20;

    private SignedRankTest() {
    }

    public static Comparison compare(double[] a, double[] b, double alpha) {
        int pairs = Math.min(a.length, b.length);
        List<Double> d = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            if (a[i] > 0 && b[i] > 0) { // NaN compares false: an unmeasured side drops its pair
                d.add(Math.log(a[i] / b[i]));
            }
        }
        double[] all = d.stream().mapToDouble(Double::doubleValue).toArray();
        double[] nz = Arrays.stream(all).filter(x -> x != 0).toArray();
        int n = all.length;
        double minP = minP(nz.length);
        if (n < 1) {
            return new Comparison(NAME, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, minP, 0, 0, true);
        }
        double p = nz.length == 0 ? 1 : pValue(nz);
        double[] walsh = new double[n * (n + 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                walsh[k++] = (all[i] + all[j]) / 2;
            }
        }
        Arrays.sort(walsh);
        long[] counts = wCounts(n);
        int c = Intervals.depth(counts, alpha);
        double level = Intervals.coverage(counts, c);
        return new Comparison(NAME, Math.exp(Stats.median(walsh)), Math.exp(walsh[c - 1]), Math.exp(walsh[walsh.length - c]),
                level, p, minP, n, n, true);
    }

    /** The smallest exact two-sided p-value with n non-zero pairs: 2 / 2^n, at most 1 (3 pairs: 0.25; 6: 0.031). */
    public static double minP(int n) {
        return n < 1 ? Double.NaN : Math.min(1, 2 / Math.pow(2, n));
    }

    /** Exact two-sided p-value of W+ over the non-zero differences. */
    static double pValue(double[] d) {
        int n = d.length;
        double[] abs = Arrays.stream(d).map(Math::abs).toArray();
        double[] r = RankTest.midRanks(abs);
        double observed = 0;
        for (int i = 0; i < n; i++) {
            if (d[i] > 0) {
                observed += r[i];
            }
        }
        double mean = n * (n + 1) / 4.0;
        double dev = Math.abs(observed - mean) - 1e-9;
        if (n > ENUMERATE) {
            double var = 0;
            for (double x : r) {
                var += x * x / 4;
            }
            return Math.min(1, 2 * Normal.upperTail((dev - 0.5) / Math.sqrt(var)));
        }
        long hits = 0;
        long total = 1L << n;
        for (long mask = 0; mask < total; mask++) {
            double w = 0;
            for (int i = 0; i < n; i++) {
                if ((mask >> i & 1) == 1) {
                    w += r[i];
                }
            }
            if (Math.abs(w - mean) >= dev) {
                hits++;
            }
        }
        return (double) hits / total;
    }

    /** Null counts of W+ (sum of the ranks 1..n that carry a + sign), index w = 0..n(n+1)/2. */
    static long[] wCounts(int n) {
        long[] c = new long[n * (n + 1) / 2 + 1];
        c[0] = 1;
        for (int rank = 1; rank <= n; rank++) {
            for (int w = c.length - 1; w >= rank; w--) {
                c[w] += c[w - rank];
            }
        }
        return c;
    }
}
