package handoff.harness.stats;


import handoff.harness.results.Cells;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Is a trial's measured part still warming up? The seasonal Mann–Kendall trend test (Hirsch, Slack and Smith 1982)
 * over each fork's measured iterations (or runs) in order, the forks as the seasons: S = Σ over forks of
 * Σ_{i<j} sign(x_j − x_i), signed so that a positive S means getting better (faster) through the measurement. Its
 * p-value is exact, not the normal approximation: under "no trend" every order of a fork's values is equally likely
 * and the forks are independent, so S's null distribution is the convolution of the forks' Kendall (Mahonian)
 * distributions. One-sided (warming only: a measured part that gets worse is another matter) at {@link #LEVEL}.
 * Ties count 0 (slightly conservative). With n iterations per fork and k forks the smallest reachable p is
 * (1/n!)^k: 3 forks of 2 iterations can never reach 5 % (1/8), 3 forks of 3 can (1/216).
 */
public final class WarmTrend {
    /** The test's level: a row is {@code not_warm} when p < LEVEL. */
    public static final double LEVEL = 0.05;

    /**
     * S, the exact one-sided p of a value at least as large under "no trend", and the smallest p these forks could
     * give (every fork in perfect order): where that is not below {@link #LEVEL} the test cannot flag anything.
     */
    public record Result(long s, double p, double minP, int forks, int values) {
        public boolean notWarm() {
            return p < LEVEL;
        }

        /** The row's {@code not_warm}: true, false, or unknown where too few values could ever reach the level. */
        public String flag() {
            return minP >= LEVEL ? "unknown" : Boolean.toString(notWarm());
        }
    }

    private WarmTrend() {
    }

    /**
     * @param series         each fork's measured values in time order (a fork with fewer than 2 is ignored)
     * @param higherIsBetter true for throughput, false for time per op
     * @return null when no fork has 2 values (nothing to test)
     */
    public static Result test(List<double[]> series, boolean higherIsBetter) {
        long s = 0;
        long pairs = 0;
        double[] inversions = {1.0}; // null distribution of the forks' total inversions I; S = pairs - 2 I
        int forks = 0;
        int values = 0;
        for (double[] x : series) {
            if (x.length < 2) {
                continue;
            }
            forks++;
            values += x.length;
            pairs += (long) x.length * (x.length - 1) / 2;
            for (int i = 0; i < x.length; i++) {
                for (int j = i + 1; j < x.length; j++) {
                    s += (long) Math.signum(higherIsBetter ? x[j] - x[i] : x[i] - x[j]);
                }
            }
            inversions = convolve(inversions, kendall(x.length));
        }
        if (forks == 0) {
            return null;
        }
        double p = 0; // P(S >= s) = P(I <= (pairs - s) / 2)
        for (int i = 0; i < inversions.length && pairs - 2L * i >= s; i++) {
            p += inversions[i];
        }
        return new Result(s, Math.min(1.0, p), inversions[0], forks, values);
    }

    /**
     * The null distribution of one fork's inversions over its n! equally likely orders (element k = P(k inversions),
     * the Mahonian numbers over n!), by dynamic programming; S = pairs - 2 × inversions.
     */
    static double[] kendall(int n) {
        int pairs = n * (n - 1) / 2;
        double[] counts = {1.0};
        for (int m = 2; m <= n; m++) { // inserting the m-th element adds 0..m-1 inversions
            double[] next = new double[counts.length + m - 1];
            for (int i = 0; i < counts.length; i++) {
                for (int add = 0; add < m; add++) {
                    next[i + add] += counts[i];
                }
            }
            counts = next;
        }
        double total = 0;
        for (double c : counts) {
            total += c;
        }
        double[] p = new double[pairs + 1];
        for (int k = 0; k <= pairs; k++) {
            p[k] = counts[k] / total; // symmetric: P(inv = k) = P(inv = pairs - k)
        }
        return p;
    }

    private static double[] convolve(double[] a, double[] b) {
        double[] out = new double[a.length + b.length - 1];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                out[i + j] += a[i] * b[j];
            }
        }
        return out;
    }

    /** Parses "1.0;2.0;3.0|4.0;5.0" (forks separated by '|', values by ';') as written by {@link #format}. */
    public static List<double[]> parse(String text) {
        List<double[]> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String fork : text.split("\\|")) {
            if (!fork.isBlank()) {
                String[] v = fork.split(";");
                double[] x = new double[v.length];
                for (int i = 0; i < v.length; i++) {
                    x[i] = Double.parseDouble(v[i]);
                }
                out.add(x);
            }
        }
        return out;
    }

    /** One fork's values, ';'-separated. */
    public static String format(double[] values) {
        StringBuilder b = new StringBuilder();
        for (double v : values) {
            if (b.length() > 0) {
                b.append(';');
            }
            b.append(Cells.format(v));
        }
        return b.toString();
    }
}
