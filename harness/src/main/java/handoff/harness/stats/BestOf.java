package handoff.harness.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A declared family "each row against the table's best" — multiple comparisons with the best (MCB: Hsu 1984; Hsu,
 * <i>Multiple Comparisons</i>, 1996, ch. 4) with Bonferroni's constant (docs/statistics.md §6). Row i is <b>not the
 * best</b> when some row j is shown better by the one-sided test ({@link Stats#shiftTest}: rounds as blocks) at
 * α / (k − 1), k the testable rows. What MCB guarantees, with probability at least 1 − α, is the statement "μ_i ≤ max of
 * the others" for every row so named: Hsu's argument needs only the k − 1 one-sided statements about the true best row
 * to hold together. That statement is weak — in a tie every row satisfies it — so the words are "not the best", never
 * "slower than the best". The <b>best group</b> is every testable row not so named (it holds the true best with
 * probability 1 − α); a row is <b>the best</b> when every other testable row is named not the best. A comparison the
 * assumption check refused (docs/statistics.md §3) has no p: it names nothing and never hides a comparison that was run.
 * A row not named "not the best" belongs to the best group only where every comparison that could name it was made: a
 * row whose comparison with a row of a higher geometric mean (lower, where lower is better) was refused cannot be placed
 * and is untested, never in the best group — as is a row whose every comparison was refused. Refused comparisons stay in
 * k, so that refusing cannot shrink the family.
 */
public final class BestOf {
    /** Where a row stands. */
    public enum Standing { BEST, IN_BEST_GROUP, NOT_BEST, UNTESTED }

    /**
     * @param standing where the row stands
     * @param beatenBy the row shown better than it (smallest one-sided p), -1 if none
     * @param test     that comparison (the beating row ÷ this row, oriented so that "better" is above 1); where the row
     *                 could not be placed, the refused comparison that left it unplaced
     * @param p        its one-sided p
     */
    public record Place(Standing standing, int beatenBy, Comparison test, double p) {
        /**
         * Whether the row had forks enough but could not be placed: every comparison it took part in, or its comparison
         * with a row of a better geometric mean, was refused (untested, never best).
         */
        public boolean refused() {
            return standing == Standing.UNTESTED && LogT.refused(test);
        }
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
            ok[i] = rows.get(i) != null && positives(rows.get(i)) >= Stats.MIN_FORKS;
            k += ok[i] ? 1 : 0;
        }
        double level = k < 2 ? Double.NaN : Stats.ALPHA / (k - 1);
        double[][] p = new double[n][n];
        Comparison[][] c = new Comparison[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && ok[i] && ok[j]) {
                    // j better than i: higher is better → j / i above 1
                    c[j][i] = higherIsBetter ? Stats.shiftTest(rows.get(j), rows.get(i)) : Stats.shiftTest(rows.get(i), rows.get(j));
                    p[j][i] = c[j][i].pAbove(1);
                }
            }
        }
        List<Place> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int by = ok[i] && k >= 2 ? beater(p, ok, i) : -1;
            if (by < 0) { // too few forks, or every comparison of the row refused by the assumption check (§3): not placed
                out.add(new Place(Standing.UNTESTED, -1, ok[i] && k >= 2 ? c[firstOther(ok, i)][i] : null, Double.NaN));
                continue;
            }
            boolean below = p[by][i] <= level;
            int unknown = below ? -1 : refusedAbove(c, rows, ok, i, higherIsBetter);
            if (unknown >= 0) { // a row that might be better than it went untested: its place is unknown (docs/statistics.md §6)
                out.add(new Place(Standing.UNTESTED, -1, c[unknown][i], Double.NaN));
                continue;
            }
            boolean best = true;
            for (int j = 0; j < n; j++) {
                if (j != i && ok[j] && !(p[i][j] <= level)) {
                    best = false;
                }
            }
            Standing s = below ? Standing.NOT_BEST : best ? Standing.BEST : Standing.IN_BEST_GROUP;
            out.add(new Place(s, by, c[by][i], p[by][i]));
        }
        return new BestOf(out, k);
    }

    /**
     * The row most likely better than row i: the smallest one-sided p among its comparisons that were run; -1 where the
     * assumption check refused every one (a refused comparison has no p, and never hides one that was run).
     */
    private static int beater(double[][] p, boolean[] ok, int i) {
        int by = -1;
        for (int j = 0; j < p.length; j++) {
            if (j != i && ok[j] && !Double.isNaN(p[j][i]) && (by < 0 || p[j][i] < p[by][i])) {
                by = j;
            }
        }
        return by;
    }

    /**
     * The row of the best geometric mean among those better than row i by it whose comparison with row i was refused;
     * -1 where none was.
     */
    private static int refusedAbove(Comparison[][] c, List<double[]> rows, boolean[] ok, int i, boolean higherIsBetter) {
        int by = -1;
        double sign = higherIsBetter ? 1 : -1;
        for (int j = 0; j < c.length; j++) {
            if (j != i && ok[j] && LogT.refused(c[j][i]) && sign * (logMean(rows.get(j)) - logMean(rows.get(i))) > 0
                    && (by < 0 || sign * (logMean(rows.get(j)) - logMean(rows.get(by))) > 0)) {
                by = j;
            }
        }
        return by;
    }

    /** The mean of the logs of a row's positive values. */
    private static double logMean(double[] v) {
        double sum = 0;
        int n = 0;
        for (double x : v) {
            if (!Double.isNaN(x) && x > 0) {
                sum += Math.log(x);
                n++;
            }
        }
        return sum / n;
    }

    private static int firstOther(boolean[] ok, int i) {
        int j = 0;
        while (j == i || !ok[j]) {
            j++;
        }
        return j;
    }

    public Place place(int row) {
        return places.get(row);
    }

    /** Testable rows (k); each one-sided test runs at α / (k − 1). */
    public int testable() {
        return testable;
    }

    /** The one-sided level of each test, α / (k − 1); NaN with fewer than two testable rows. */
    public double level() {
        return testable < 2 ? Double.NaN : Stats.ALPHA / (testable - 1);
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

    /** Whether the family told rows apart at all: some row is named not the best. */
    public boolean splits() {
        return places.stream().anyMatch(p -> p.standing() == Standing.NOT_BEST);
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
        return String.format(Locale.ROOT, "multiple comparisons with the best (Hsu): one-sided %s at α/(k − 1) = %s, "
                + "k = %d rows, family-wise α = %s", LogT.PAIRED + " (Welch where rounds are not shared)", Stats.formatP(level()), testable,
                Stats.formatP(Stats.ALPHA));
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
