package handoff.harness.stats;

/**
 * Distribution-free intervals from the null distribution of a rank statistic: the interval between the c-th
 * smallest and c-th largest of the pairwise estimates (differences for two samples, Walsh averages for pairs)
 * covers the true shift with probability {@code 1 - 2 P(T <= c-1)}.
 */
final class Intervals {
    private Intervals() {
    }

    /** The largest c >= 1 with P(T <= c-1) <= alpha/2; 1 (min..max) when even that exceeds it. */
    static int depth(long[] counts, double alpha) {
        double total = total(counts);
        double cum = 0;
        for (int t = 0; t < counts.length; t++) {
            cum += counts[t] / total;
            if (cum > alpha / 2 + 1e-12) {
                return Math.max(1, t);
            }
        }
        return 1;
    }

    /** Coverage {@code 1 - 2 P(T <= c-1)} of the depth-c interval. */
    static double coverage(long[] counts, int c) {
        double total = total(counts);
        double tail = 0;
        for (int t = 0; t <= c - 1 && t < counts.length; t++) {
            tail += counts[t] / total;
        }
        return Math.max(0, 1 - 2 * tail);
    }

    private static double total(long[] counts) {
        double t = 0;
        for (long c : counts) {
            t += c;
        }
        return t;
    }
}
