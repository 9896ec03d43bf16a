package handoff.harness.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Exact two-sample tests on per-fork values of two configurations that were not paired: the Mann–Whitney
 * (Wilcoxon rank-sum) test by complete enumeration of the C(n+m, n) ways to split the pooled forks (exact with
 * ties: mid-ranks), and the Hodges–Lehmann shift of log(a) − log(b) with its distribution-free interval, read as
 * a ratio a/b. Designs too large to enumerate use the normal approximation with tie correction.
 */
public final class RankTest {
    static final String NAME = "exact Mann–Whitney";
    /** Largest number of splits enumerated exactly. */
    static final long ENUMERATE = 2_000_000;

    private RankTest() {
    }

    public static Comparison compare(double[] a, double[] b, double alpha) {
        double[] x = positive(a);
        double[] y = positive(b);
        int n = x.length;
        int m = y.length;
        double minP = minP(n, m);
        if (n < 1 || m < 1) {
            return new Comparison(NAME, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, minP, n, m, false);
        }
        double p = pValue(x, y);
        double[] diffs = new double[n * m];
        int k = 0;
        for (double xi : x) {
            for (double yj : y) {
                diffs[k++] = Math.log(xi) - Math.log(yj);
            }
        }
        Arrays.sort(diffs);
        double est = Stats.median(diffs);
        // interval [d(c), d(nm+1-c)] covers with 1 - 2 P(U <= c-1): c the largest with P(U <= c-1) <= alpha/2
        int c = Intervals.depth(uCounts(n, m), alpha);
        double level = Intervals.coverage(uCounts(n, m), c);
        return new Comparison(NAME, Math.exp(est), Math.exp(diffs[c - 1]), Math.exp(diffs[n * m - c]), level, p, minP,
                n, m, false);
    }

    /** The smallest exact two-sided p-value of a rank-sum test with n and m values: 2 / C(n+m, n), at most 1. */
    public static double minP(int n, int m) {
        if (n < 1 || m < 1) {
            return Double.NaN;
        }
        return Math.min(1, 2 / choose(n + m, n));
    }

    /** Exact two-sided p-value of the rank-sum statistic (mid-ranks for ties). */
    static double pValue(double[] x, double[] y) {
        int n = x.length;
        int m = y.length;
        double[] pooled = new double[n + m];
        System.arraycopy(x, 0, pooled, 0, n);
        System.arraycopy(y, 0, pooled, n, m);
        double[] ranks = midRanks(pooled);
        double observed = 0;
        for (int i = 0; i < n; i++) {
            observed += ranks[i];
        }
        double mean = n * (n + m + 1) / 2.0;
        double dev = Math.abs(observed - mean) - 1e-9;
        if (distinct(pooled)) { // no ties: U's exact null distribution, counted once per design
            long[] counts = uCounts(n, m);
            double hit = 0;
            double total = 0;
            for (int u = 0; u < counts.length; u++) {
                total += counts[u];
                if (Math.abs(u - n * m / 2.0) >= dev) {
                    hit += counts[u];
                }
            }
            return hit / total;
        }
        if (choose(n + m, n) > ENUMERATE) {
            return normalP(ranks, n, m, dev);
        }
        long[] hit = {0, 0};
        enumerate(ranks, 0, n, 0, mean, dev, hit);
        return (double) hit[0] / hit[1];
    }

    private static void enumerate(double[] ranks, int from, int left, double sum, double mean, double dev, long[] hit) {
        if (left == 0) {
            hit[1]++;
            if (Math.abs(sum - mean) >= dev) {
                hit[0]++;
            }
            return;
        }
        for (int i = from; i <= ranks.length - left; i++) {
            enumerate(ranks, i + 1, left - 1, sum + ranks[i], mean, dev, hit);
        }
    }

    private static double normalP(double[] ranks, int n, int m, double dev) {
        int big = n + m;
        double[] s = ranks.clone();
        Arrays.sort(s);
        double ties = 0;
        for (int i = 0; i < big; ) {
            int j = i;
            while (j < big && s[j] == s[i]) {
                j++;
            }
            double t = j - i;
            ties += t * t * t - t;
            i = j;
        }
        double var = n * m / 12.0 * ((big + 1) - ties / ((double) big * (big - 1)));
        double z = (dev - 0.5) / Math.sqrt(var);
        return Math.min(1, 2 * Normal.upperTail(z));
    }

    private static boolean distinct(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        for (int i = 1; i < s.length; i++) {
            if (s[i] == s[i - 1]) {
                return false;
            }
        }
        return true;
    }

    /** Mid-ranks (1-based) of the values. */
    static double[] midRanks(double[] v) {
        int n = v.length;
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (p, q) -> Double.compare(v[p], v[q]));
        double[] r = new double[n];
        for (int i = 0; i < n; ) {
            int j = i;
            while (j < n && v[idx[j]] == v[idx[i]]) {
                j++;
            }
            double mid = (i + 1 + j) / 2.0;
            for (int k = i; k < j; k++) {
                r[idx[k]] = mid;
            }
            i = j;
        }
        return r;
    }

    /** Null counts of U = #{x > y} for n and m values without ties, index u = 0..nm. */
    static long[] uCounts(int n, int m) {
        return COUNTS.computeIfAbsent(n * 100_000L + m, k -> countU(n, m));
    }

    private static final Map<Long, long[]> COUNTS = new ConcurrentHashMap<>();

    private static long[] countU(int n, int m) {
        // f[i][j][u]: ways with i x's and j y's; f(i,j,u) = f(i-1,j,u-j) + f(i,j-1,u)
        long[][] prev = new long[m + 1][];
        for (int j = 0; j <= m; j++) {
            prev[j] = new long[] {1};
        }
        for (int i = 1; i <= n; i++) {
            long[][] cur = new long[m + 1][];
            cur[0] = new long[] {1};
            for (int j = 1; j <= m; j++) {
                long[] c = new long[i * j + 1];
                long[] a = prev[j];
                for (int u = 0; u < a.length; u++) {
                    c[u + j] += a[u];
                }
                long[] b = cur[j - 1];
                for (int u = 0; u < b.length; u++) {
                    c[u] += b[u];
                }
                cur[j] = c;
            }
            prev = cur;
        }
        return prev[m];
    }

    static double choose(int n, int k) {
        double r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return Math.rint(r);
    }

    private static double[] positive(double[] v) {
        return Arrays.stream(v).filter(d -> !Double.isNaN(d) && d > 0).toArray();
    }
}
