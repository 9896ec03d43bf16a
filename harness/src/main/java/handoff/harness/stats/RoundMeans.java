package handoff.harness.stats;

import java.util.List;

/**
 * Many rows of one run compared with the same rows of another as one quantity (the regression gate's "headline rows
 * together", docs/statistics.md §11): per round, the geometric mean over the rows of their worse-way values (a value
 * where higher is better inverted), so that the rounds are the replicates. A slow spell shared by a round moves every
 * row of it at once and stays in the rounds' spread, instead of being counted once per row as independent evidence.
 */
public final class RoundMeans {
    private RoundMeans() {
    }

    /**
     * Per round {@code r < rounds}, the geometric mean over {@code rows} of their worse-way value in that round.
     *
     * @param rows           per row its per-fork values, fork i in round i; each must have {@code rounds} positive values
     * @param higherIsBetter per row, whether a higher value is better (inverted before the mean)
     */
    public static double[] of(List<double[]> rows, boolean[] higherIsBetter, int rounds) {
        double[] out = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            double sum = 0;
            for (int i = 0; i < rows.size(); i++) {
                double v = rows.get(i)[r];
                sum += higherIsBetter[i] ? -Math.log(v) : Math.log(v);
            }
            out[r] = Math.exp(sum / rows.size());
        }
        return out;
    }

    /**
     * NEW's round means against BASE's by Welch's t on their logs ({@link Stats#acrossRuns}: the runs share no rounds);
     * the ratio is the worse-way ratio NEW ÷ BASE, above 1 where NEW is worse. A run's rounds are the fewest forks of
     * its rows ({@link #rounds}); every row's values must be known and positive ({@link #usable}).
     */
    public static Comparison worseWay(List<double[]> base, List<double[]> news, boolean[] higherIsBetter) {
        int ra = rounds(base);
        int rb = rounds(news);
        return Stats.acrossRuns(of(news, higherIsBetter, rb), of(base, higherIsBetter, ra));
    }

    /** The rounds every row of a run has: the fewest forks of its rows. */
    public static int rounds(List<double[]> rows) {
        return rows.stream().mapToInt(v -> v.length).min().orElse(0);
    }

    /** Whether a row's first {@code rounds} values are known and positive. */
    public static boolean usable(double[] v, int rounds) {
        if (v == null || v.length < rounds) {
            return false;
        }
        for (int r = 0; r < rounds; r++) {
            if (!(v[r] > 0) || Double.isInfinite(v[r])) {
                return false;
            }
        }
        return true;
    }
}
