package handoff.harness.trial;

import java.util.ArrayList;
import java.util.List;

/**
 * A declared family "each row against the table's best" (docs/statistics.md §6): row i is <b>below the best</b> when
 * some row is shown above it — every pair of testable rows compared once by the study's test ({@link Stats#shiftTest}:
 * rounds as blocks), Holm over the k(k − 1)/2 pairs — so that "below the best" is a strict claim about that row whose
 * chance of being wrong anywhere in the table is at most α, ties included. (Hsu's multiple comparisons with the best
 * spend only α/(k − 1) a test, but their "not the best" is the weak μ_i ≤ max μ_j, true of every row of a tie: the
 * family's simulation called a row of eight identical ones "below" 31 % of the time with that rule, so it is not the
 * one used.) The <b>best group</b> is every testable row not shown below another; a row is the <b>best</b> (the
 * winner) only when it is shown above every other testable row.
 */
public final class BestOf {
    /** Where a row stands. */
    public enum Standing { BEST, IN_BEST_GROUP, BELOW_BEST, UNTESTED }

    /**
     * @param standing where the row stands
     * @param beatenBy the row that shows it below the best (smallest one-sided p), -1 if none
     * @param test     that comparison (the beating row ÷ this row, oriented so that "better" is above 1)
     * @param p        its one-sided p
     */
    public record Place(Standing standing, int beatenBy, Comparison test, double p) {
    }

    private final List<Place> places;
    private final int testable;

    private BestOf(List<Place> places, int testable) {
        this.places = places;
        this.testable = testable;
    }

    /**
     * @param rows           per row its per-fork values (position = round), null where it has none
     * @param higherIsBetter which way is better
     */
    public static BestOf of(List<double[]> rows, boolean higherIsBetter) {
        int n = rows.size();
        boolean[] ok = new boolean[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            ok[i] = rows.get(i) != null && positives(rows.get(i)) >= 2;
            k += ok[i] ? 1 : 0;
        }
        // every pair once, two-sided; Holm over the k(k − 1)/2 pairs
        List<int[]> pairs = new ArrayList<>();
        List<Comparison> tests = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (ok[i] && ok[j]) {
                    pairs.add(new int[] {i, j});
                    tests.add(Stats.shiftTest(rows.get(i), rows.get(j)));
                }
            }
        }
        double[] adj = Holm.adjust(tests.stream().mapToDouble(Comparison::p).toArray());
        // better[j][i]: j shown better than i
        boolean[][] better = new boolean[n][n];
        double[][] p = new double[n][n];
        Comparison[][] c = new Comparison[n][n];
        for (int x = 0; x < pairs.size(); x++) {
            int i = pairs.get(x)[0];
            int j = pairs.get(x)[1];
            Comparison t = tests.get(x);
            boolean iAbove = t.ratio() > 1; // i ÷ j
            boolean iBetter = iAbove == higherIsBetter;
            int winner = iBetter ? i : j;
            int loser = iBetter ? j : i;
            better[winner][loser] = adj[x] <= Stats.ALPHA;
            p[winner][loser] = adj[x];
            p[loser][winner] = Double.NaN;
            c[winner][loser] = winner == i ? t : Stats.shiftTest(rows.get(j), rows.get(i));
        }
        List<Place> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!ok[i] || k < 2) {
                out.add(new Place(Standing.UNTESTED, -1, null, Double.NaN));
                continue;
            }
            int by = -1;
            boolean best = true;
            for (int j = 0; j < n; j++) {
                if (j == i || !ok[j]) {
                    continue;
                }
                if (better[j][i] && (by < 0 || p[j][i] < p[by][i])) {
                    by = j;
                }
                best &= better[i][j];
            }
            Standing s = by >= 0 ? Standing.BELOW_BEST : best ? Standing.BEST : Standing.IN_BEST_GROUP;
            out.add(new Place(s, by, by < 0 ? null : c[by][i], by < 0 ? Double.NaN : p[by][i]));
        }
        return new BestOf(out, k);
    }

    public Place place(int row) {
        return places.get(row);
    }

    /** Testable rows (k); each one-sided test runs at α / (k − 1). */
    public int testable() {
        return testable;
    }

    /** The pairs tested together, k(k − 1)/2: Holm's first step runs at α over this many. */
    public int pairs() {
        return testable * (testable - 1) / 2;
    }

    /** The winner's index, or -1 where no row is shown above every other. */
    public int best() {
        for (int i = 0; i < places.size(); i++) {
            if (places.get(i).standing() == Standing.BEST) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the family told rows apart at all: some row is below the best. */
    public boolean splits() {
        return places.stream().anyMatch(p -> p.standing() == Standing.BELOW_BEST);
    }

    /** Rows in the best group (the winner included). */
    public List<Integer> group() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < places.size(); i++) {
            Standing s = places.get(i).standing();
            if (s == Standing.BEST || s == Standing.IN_BEST_GROUP) {
                out.add(i);
            }
        }
        return out;
    }

    /** The method in words, with its level: for every claim the family makes. */
    public String method() {
        return String.format(java.util.Locale.ROOT, "each row against every other: two-sided %s, Holm over the %d pairs of %d rows, "
                + "family-wise α = %s", LogT.PAIRED + " (Welch where rounds are not shared)", pairs(), testable, Stats.formatP(Stats.ALPHA));
    }

    private static int positives(double[] v) {
        int n = 0;
        for (double x : v) {
            if (!Double.isNaN(x) && x > 0) {
                n++;
            }
        }
        return n;
    }
}
