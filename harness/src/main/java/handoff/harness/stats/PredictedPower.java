package handoff.harness.stats;

import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiPredicate;

/**
 * The power a comparison would have in a run of {@code rounds} rounds, predicted from an earlier run's per-fork values
 * of the same two configurations (a pilot, docs/statistics.md §13): the pilot's mean and spread of the per-round
 * log-ratios ({@link LogT#paired}) taken as the truth, the test's power at the planned rounds and the family's level.
 * It decides which comparisons a run declares, never a verdict. The power is exact for the study's paired t with normal
 * log-ratios: the test's chance of rejecting given its sample spread, averaged over that spread ({@link SpreadRatio}) —
 * the noncentral t's tails for the t-tests, with the resolution floor of {@link LogT#RESOLUTION} under the test's
 * standard error as {@link LogT#paired} applies it. What it leaves out is the assumption check's refusals below
 * {@link LogT#LARGE} rounds, other than a pilot already spread over {@link LogT#SPREAD} (predicted 0).
 */
public final class PredictedPower {
    /** The smallest standard deviation of a per-round log-ratio the paired test uses (LogT's resolution floor). */
    private static final double FLOOR_SD = Math.sqrt(2 * LogT.FLOOR);

    private PredictedPower() {
    }

    /**
     * Power of the two-sided paired t at level {@code alpha} to find the pilot's difference of {@code a} and {@code b};
     * 0 where the pilot has fewer than two common rounds, or where its log-ratios spread over the assumption check's
     * 2× and the planned rounds are too few to go without the check ({@link LogT#SPREAD}).
     */
    public static double differs(double[] a, double[] b, int rounds, double alpha) {
        double[] d = logRatios(a, b);
        return usable(d, rounds) ? differs(mean(d), sd(d), rounds, alpha) : 0;
    }

    /**
     * As {@link #differs(double[], double[], int, double)}, from a pilot's summary: the mean and standard deviation of
     * its per-round log-ratios (e.g. read back from a ratio and its t-interval, {@link #sdOfInterval}).
     */
    public static double differs(double meanLog, double sdLog, int rounds, double alpha) {
        if (rounds < 2 || !(sdLog > 0) || !Double.isFinite(meanLog)) {
            return 0;
        }
        double sigma = Math.max(sdLog, FLOOR_SD);
        double shift = Math.abs(meanLog) / (sigma / Math.sqrt(rounds));
        double crit = quantile(1 - alpha / 2, rounds - 1);
        return SpreadRatio.of(rounds - 1).mean(x -> {
            double c = crit * Math.max(x, FLOOR_SD / sigma);
            return below(shift - c) + below(-shift - c);
        });
    }

    /**
     * The standard deviation of per-round log-ratios behind a ratio's two-sided t-interval [{@code lo}, {@code hi}] at
     * {@code level} over {@code pairs} pairs: what a pilot's ratio row keeps of its pairs. NaN where the row has none.
     */
    public static double sdOfInterval(double lo, double hi, double level, int pairs) {
        if (pairs < 2 || !(lo > 0) || !(hi > lo) || !(level > 0 && level < 1)) {
            return Double.NaN;
        }
        double t = quantile(1 - (1 - level) / 2, pairs - 1);
        return (Math.log(hi) - Math.log(lo)) / (2 * t) * Math.sqrt(pairs);
    }

    /** As {@link #differs}, one-sided: {@code a} above {@code b}. */
    public static double above(double[] a, double[] b, int rounds, double alpha) {
        double[] d = logRatios(a, b);
        if (!usable(d, rounds)) {
            return 0;
        }
        double sigma = sd(d);
        double shift = mean(d) / (sigma / Math.sqrt(rounds));
        double crit = quantile(1 - alpha, rounds - 1);
        return SpreadRatio.of(rounds - 1).mean(x -> below(shift - crit * Math.max(x, FLOOR_SD / sigma)));
    }

    /**
     * Power of the two one-sided tests at {@code alpha} to show the ratio inside ±{@code margin} ({@link Comparison#alike}):
     * the chance that the estimate lands far enough inside the margin for its interval of level 1 − 2α to fit.
     */
    public static double alike(double[] a, double[] b, int rounds, double alpha, double margin) {
        double[] d = logRatios(a, b);
        if (!usable(d, rounds)) {
            return 0;
        }
        double sigma = sd(d);
        double se = sigma / Math.sqrt(rounds);
        double edge = Math.log(1 + margin);
        double m = mean(d);
        double crit = quantile(1 - alpha, rounds - 1);
        return SpreadRatio.of(rounds - 1).mean(x -> {
            double c = crit * Math.max(x, FLOOR_SD / sigma);
            return Math.max(0, below((edge - m) / se - c) - below((-edge - m) / se + c));
        });
    }

    /**
     * The rows of a family "each row against its reference" ({@link VersusReference}) that a run of {@code rounds} rounds
     * would decide — shown different, or alike within ±{@link Stats#MARGIN} — with at least {@code power} probability,
     * predicted from a pilot's per-fork values. The family's size m is the smallest for which no more than m rows are
     * predicted decided at α/m, so that the family judged (at most m rows) tests each at α/m or above.
     *
     * @param pilot per row its pilot per-fork values (position = round), null where it has none
     * @param refs  per row its reference row, -1 where it is in no family
     */
    public static Set<Integer> decidedRows(List<double[]> pilot, int[] refs, int rounds, double power) {
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < pilot.size(); i++) {
            if (refs[i] >= 0 && pilot.get(i) != null && pilot.get(refs[i]) != null) {
                candidates.add(i);
            }
        }
        return decided(candidates, (i, alpha) -> {
            double[] a = pilot.get(i);
            double[] b = pilot.get(refs[i]);
            return Math.max(differs(a, b, rounds, alpha), alike(a, b, rounds, alpha, Stats.MARGIN)) >= power;
        });
    }

    /**
     * Of {@code candidates}, those {@code decidedAt} predicts decided at α/m, for the smallest family size m at which no
     * more than m are: a family judged with at most m rows then tests each at α/m or above (Holm's first step).
     */
    public static Set<Integer> decided(List<Integer> candidates,
                                                 BiPredicate<Integer, Double> decidedAt) {
        for (int m = 1; m <= candidates.size(); m++) {
            Set<Integer> s = new TreeSet<>();
            for (int i : candidates) {
                if (decidedAt.test(i, Stats.ALPHA / m)) {
                    s.add(i);
                }
            }
            if (s.size() <= m) {
                return s;
            }
        }
        return Set.of();
    }

    private static boolean usable(double[] d, int rounds) {
        if (d.length < 2 || rounds < 2) {
            return false;
        }
        double spread = Arrays.stream(d).max().orElse(0) - Arrays.stream(d).min().orElse(0);
        return rounds >= LogT.LARGE || spread <= Math.log(LogT.SPREAD);
    }

    private static double[] logRatios(double[] a, double[] b) {
        List<Double> d = new ArrayList<>();
        if (a != null && b != null) {
            for (int i = 0; i < Math.min(a.length, b.length); i++) {
                if (a[i] > 0 && b[i] > 0 && Double.isFinite(a[i]) && Double.isFinite(b[i])) {
                    d.add(Math.log(a[i] / b[i]));
                }
            }
        }
        return d.stream().mapToDouble(x -> x).toArray();
    }

    private static double mean(double[] d) {
        return Arrays.stream(d).average().orElse(Double.NaN);
    }

    /** The spread of the log-ratios, never below the resolution of a per-fork figure ({@link LogT#RESOLUTION}). */
    private static double sd(double[] d) {
        double m = mean(d);
        double ss = Arrays.stream(d).map(x -> LogT.square(x - m)).sum();
        return Math.sqrt(Math.max(ss / (d.length - 1), 2 * LogT.FLOOR));
    }

    /** The standard normal distribution function, P(Z ≤ z). */
    private static double below(double z) {
        return Normal.upperTail(-z);
    }

    private static double quantile(double p, int df) {
        return TDistribution.of(df).inverseCumulativeProbability(p);
    }
}
