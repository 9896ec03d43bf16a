package handoff.harness.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Holm's step-down correction: the comparisons of one table are tested together so that the chance of any
 * false "differs" in the table stays at or below the stated level (family-wise), whatever their dependence.
 */
public final class Holm {
    private Holm() {
    }

    /** Adjusted p-values in the input order; NaN (untested) stays NaN and does not count toward the family. */
    public static double[] adjust(double[] p) {
        Integer[] order = new Integer[p.length];
        int m = 0;
        for (int i = 0; i < p.length; i++) {
            order[i] = i;
            if (!Double.isNaN(p[i])) {
                m++;
            }
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> Double.isNaN(p[i]) ? Double.POSITIVE_INFINITY : p[i]));
        double[] adj = new double[p.length];
        Arrays.fill(adj, Double.NaN);
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1, (m - rank) * p[i]));
            adj[i] = running;
        }
        return adj;
    }
}
