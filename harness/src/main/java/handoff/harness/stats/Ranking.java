package handoff.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One table's ranking on one measure: every pair of rows tested on their per-fork values (exact Mann–Whitney,
 * {@link RankTest}), the table's pairs corrected together (Holm, family-wise {@link Stats#ALPHA}), and groups as a
 * compact-letter display ({@link Letters}). A row is the winner only when it differs from every other row.
 * Rows without per-fork values (or with one fork) take part in no test and carry no letter.
 */
public final class Ranking {
    private final int n;
    private final double[] centre;
    private final Integer[] order;
    private final Comparison[][] pair;
    private final double[][] adjusted;
    private final boolean[][] differs;
    private final String[] letters;
    private final int pairs;
    private final double alpha;

    private Ranking(List<double[]> forks, boolean higherIsBetter, double alpha) {
        this.alpha = alpha;
        n = forks.size();
        centre = new double[n];
        for (int i = 0; i < n; i++) {
            centre[i] = forks.get(i) == null || forks.get(i).length == 0 ? Double.NaN : Stats.median(forks.get(i));
        }
        order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        // tested rows first (an untested row neither leads a group nor is named best), then by median
        Comparator<Integer> byCentre = Comparator.<Integer>comparingInt(i -> testable(forks.get(i)) ? 0 : 1)
                .thenComparingDouble(i -> Double.isNaN(centre[i]) ? Double.POSITIVE_INFINITY : higherIsBetter ? -centre[i] : centre[i]);
        Arrays.sort(order, byCentre);
        pair = new Comparison[n][n];
        List<int[]> tested = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (testable(forks.get(i)) && testable(forks.get(j))) {
                    pair[i][j] = Stats.shiftTest(forks.get(i), forks.get(j));
                    tested.add(new int[] {i, j});
                }
            }
        }
        pairs = tested.size();
        double[] p = tested.stream().mapToDouble(t -> pair[t[0]][t[1]].p()).toArray();
        double[] adj = Holm.adjust(p);
        adjusted = new double[n][n];
        differs = new boolean[n][n];
        for (double[] row : adjusted) {
            Arrays.fill(row, Double.NaN);
        }
        for (int k = 0; k < tested.size(); k++) {
            int i = tested.get(k)[0];
            int j = tested.get(k)[1];
            adjusted[i][j] = adjusted[j][i] = adj[k];
            differs[i][j] = differs[j][i] = adj[k] <= alpha;
        }
        boolean[][] ranked = new boolean[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                ranked[a][b] = differs[order[a]][order[b]];
            }
        }
        String[] byRank = Letters.of(n, ranked);
        letters = new String[n];
        for (int a = 0; a < n; a++) {
            letters[order[a]] = testable(forks.get(order[a])) ? byRank[a] : "";
        }
    }

    /** A ranking of rows by their per-fork values (null or fewer than two values: untested). */
    public static Ranking of(List<double[]> forks, boolean higherIsBetter) {
        return new Ranking(forks, higherIsBetter, Stats.ALPHA);
    }

    static Ranking of(List<double[]> forks, boolean higherIsBetter, double alpha) {
        return new Ranking(forks, higherIsBetter, alpha);
    }

    private static boolean testable(double[] v) {
        return v != null && Arrays.stream(v).filter(d -> d > 0).count() >= 2;
    }

    /** Pairs tested together (the Holm family). */
    public int pairs() {
        return pairs;
    }

    /** Index of the best tested row by median over forks (an untested row only when none is tested). */
    public int best() {
        return n == 0 ? -1 : order[0];
    }

    /** The row that differs from every other row after correction (all of them tested), or -1. */
    public int winner() {
        int b = best();
        if (b < 0 || pairs == 0) {
            return -1;
        }
        for (int j = 0; j < n; j++) { // an untested row (one fork, no values) was not beaten: no winner over it
            if (j != b && (pair[Math.min(b, j)][Math.max(b, j)] == null || !differs[b][j])) {
                return -1;
            }
        }
        return b;
    }

    /** Rows that share letter a (the best row's group): no pair inside it differs at the table's level. */
    public List<Integer> topGroup() {
        List<Integer> g = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (letters[i].indexOf('a') >= 0) {
                g.add(i);
            }
        }
        return g;
    }

    /** Whether some tested row lies outside group a: the tests split the table at all. */
    public boolean splits() {
        for (String l : letters) {
            if (!l.isEmpty() && l.indexOf('a') < 0) {
                return true;
            }
        }
        return false;
    }

    public String letters(int i) {
        return letters[i];
    }

    public boolean differs(int i, int j) {
        return differs[i][j];
    }

    public double adjustedP(int i, int j) {
        return adjusted[i][j];
    }

    public Comparison comparison(int i, int j) {
        return i < j ? pair[i][j] : pair[j][i];
    }

    /** Whether any pair could reach the first Holm step (p <= alpha / pairs) with the forks it has. */
    public boolean resolvable() {
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (pair[i][j] != null && pair[i][j].minP() <= alpha / pairs) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The test and level, e.g. {@code exact Mann–Whitney on per-fork values, Holm over 66 pairs, α = 0.05 family-wise}. */
    public String method() {
        return String.format(Locale.ROOT, "exact Mann–Whitney on per-fork values, Holm over %d pair%s, α = %s family-wise",
                pairs, pairs == 1 ? "" : "s", Stats.formatP(alpha));
    }

    /**
     * Why nothing could be told apart, when no pair could reach the first Holm step: e.g. {@code cannot be resolved
     * at α = 0.05 with 3 forks per row (the smallest p an exact rank test gives 3 vs 3 forks is 0.1; Holm over 66 pairs
     * needs 0.00076)}; empty when the design could resolve something.
     */
    public String unresolvable() {
        if (pairs == 0 || resolvable()) {
            return "";
        }
        double least = 1;
        int na = 0;
        int nb = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (pair[i][j] != null && pair[i][j].minP() <= least) {
                    least = pair[i][j].minP();
                    na = pair[i][j].nA();
                    nb = pair[i][j].nB();
                }
            }
        }
        String forks = na == nb ? na + " forks per row" : na + " and " + nb + " forks";
        return String.format(Locale.ROOT, "cannot be resolved at α = %s with %s (the smallest p an exact rank test gives %d vs %d "
                + "forks is %s%s)", Stats.formatP(alpha), forks, na, nb, Stats.formatP(least),
                pairs > 1 ? "; Holm over " + pairs + " pairs needs " + Stats.formatP(alpha / pairs) : "");
    }
}
