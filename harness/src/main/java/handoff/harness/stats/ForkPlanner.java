package handoff.harness.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparisons a sweep plans and the fork counts they need: a planned pair ({@link Pair}), the test a pair's
 * per-fork values get, when a comparison counts as resolved, and how many forks a table needs before its test can
 * resolve anything at all. Nothing here adds forks from results: a sweep's forks and rounds are fixed before its
 * first trial (the sweep's {@code PlanFit}), so a reported p is a fixed-sample one (docs/statistics.md).
 *
 * <p>A comparison is resolved when its test differs at {@code α / m} (Bonferroni over the m planned comparisons:
 * the report's Holm then also calls it) or when its Hodges–Lehmann interval lies within {@link #EQUIVALENT} of 1
 * (no difference of a size worth ranking).
 */
public final class ForkPlanner {
    /** A ratio interval inside [1/EQUIVALENT, EQUIVALENT] is "no difference worth ranking": resolved. */
    public static final double EQUIVALENT = 1.05;

    /** A comparison the report will make, between two configurations' keys. */
    public record Pair(String a, String b, boolean paired) {
    }

    private ForkPlanner() {
    }

    /**
     * The fewest forks per side (pairs, where paired) with which a table of {@code m} comparisons can resolve any of
     * them at all: the smallest n whose exact test's smallest p (2 / C(2n, n) unpaired, 2 / 2^n paired) is at most
     * {@code α / m}; {@code cap + 1} where even {@code cap} forks cannot.
     */
    public static int forksToReach(int m, boolean paired, int cap) {
        double needed = Stats.ALPHA / Math.max(1, m);
        for (int n = 1; n <= cap; n++) {
            if ((paired ? SignedRankTest.minP(n) : RankTest.minP(n, n)) <= needed) {
                return n;
            }
        }
        return cap + 1;
    }

    /** The pair's test on these per-fork values: paired where its forks are paired. */
    public static Comparison test(Pair p, double[] a, double[] b) {
        return p.paired() ? Stats.pairedTest(a, b) : Stats.shiftTest(a, b);
    }

    /**
     * Whether a comparison's verdict is settled in a family of {@code m} comparisons: it differs at {@code α / m}, or its
     * ratio interval lies within {@link #EQUIVALENT} of 1.
     */
    public static boolean resolved(Comparison c, int m) {
        boolean differs = c.differs(Stats.ALPHA / Math.max(1, m));
        boolean equivalent = c.lo() >= 1 / EQUIVALENT && c.hi() <= EQUIVALENT;
        return differs || equivalent;
    }

}
