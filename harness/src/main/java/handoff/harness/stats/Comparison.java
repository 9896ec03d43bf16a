package handoff.harness.stats;

import java.util.Locale;

/**
 * The outcome of one test between two configurations' per-fork values: an estimate of the ratio a/b with its
 * confidence interval, the exact two-sided p-value, and the smallest p-value the design could have produced
 * (so that "not significant" and "cannot be resolved with n forks" are told apart).
 *
 * @param test     the test's name as printed, e.g. {@code paired t on per-round log-ratios}
 * @param ratio    estimate of a/b (geometric-mean ratio for the t-tests, Hodges–Lehmann for the rank tests); NaN if untestable
 * @param lo       lower end of the ratio's interval
 * @param hi       upper end of the ratio's interval
 * @param level    the coverage that interval really has (below {@code 1 - alpha} when the design cannot reach it)
 * @param p        exact two-sided p-value, before any correction for the table's other comparisons; NaN if untested
 * @param minP     the smallest two-sided p-value this many forks can give
 * @param nA       forks (or pairs) of a
 * @param nB       forks of b (equal to nA for a paired test)
 * @param paired   whether forks were paired (interleaved a, b, a, b ...) and tested as pairs
 * @param logDiff  a t-type test's ({@link LogT}) estimate of log(a/b); NaN for a rank test
 * @param se       its standard error; NaN for a rank test
 * @param df       its degrees of freedom; NaN for a rank test
 */
public record Comparison(String test, double ratio, double lo, double hi, double level, double p, double minP,
                         int nA, int nB, boolean paired, double logDiff, double se, double df) {

    /** A rank test's outcome (no t-interval). */
    public Comparison(String test, double ratio, double lo, double hi, double level, double p, double minP,
                      int nA, int nB, boolean paired) {
        this(test, ratio, lo, hi, level, p, minP, nA, nB, paired, Double.NaN, Double.NaN, Double.NaN);
    }

    /** Whether this is a t-type test on logs, whose interval can be drawn at any level. */
    public boolean tBased() {
        return !Double.isNaN(se);
    }

    /**
     * The ratio's interval at a two-sided level (a t-interval read back as a ratio); a rank test's own interval, of
     * {@link #level()}, whatever is asked.
     */
    public double[] interval(double atLevel) {
        if (!tBased()) {
            return new double[] {lo, hi};
        }
        double t = LogT.quantile(atLevel, df);
        return new double[] {Math.exp(logDiff - t * se), Math.exp(logDiff + t * se)};
    }

    /** One-sided p that a/b exceeds {@code ratio} (t-type tests only; NaN otherwise). */
    public double pAbove(double atRatio) {
        return tBased() ? LogT.greater(logDiff, Math.log(atRatio), se, df) : Double.NaN;
    }

    /** One-sided p that a/b is below {@code ratio} (t-type tests only; NaN otherwise). */
    public double pBelow(double atRatio) {
        return tBased() ? LogT.greater(-logDiff, -Math.log(atRatio), se, df) : Double.NaN;
    }

    /**
     * "Alike" by the two one-sided tests (TOST) at {@code alpha}: the ratio is shown inside [1/(1+margin), 1+margin],
     * i.e. its two-sided interval of level 1 − 2α lies inside the margin (docs/statistics.md §7).
     */
    public boolean alike(double alpha, double margin) {
        if (!tBased() || Double.isNaN(logDiff)) {
            return false;
        }
        double[] ci = interval(1 - 2 * alpha);
        return ci[0] >= 1 / (1 + margin) && ci[1] <= 1 + margin;
    }

    /** Whether this many forks could show a difference at all at level {@code alpha} (uncorrected). */
    public boolean resolvable(double alpha) {
        return !Double.isNaN(minP) && minP <= alpha;
    }

    /** Whether a differs from b at {@code alpha} (uncorrected p; use {@link Holm} for a table). */
    public boolean differs(double alpha) {
        return !Double.isNaN(p) && p <= alpha;
    }

    /** E.g. {@code paired t on per-round log-ratios, 3 rounds} or {@code Welch t on log per-fork values, 3 vs 4 forks}. */
    public String design() {
        return test + ", " + forks();
    }

    /**
     * The verdict in words, with its test and level: {@code above}/{@code below} (ratio above/below 1) where the
     * Holm-adjusted p is at most {@link Stats#ALPHA}; "cannot be resolved at α = 0.05 with 3 pairs (...)" where even the
     * smallest p this design can give, times the family, exceeds α; else "no significant difference".
     *
     * @param adjusted p after the table's correction ({@link #p()} for a single comparison)
     * @param family   comparisons corrected together (1 for a single one)
     */
    public String verdict(double adjusted, int family, String above, String below) {
        if (LogT.refused(this)) {
            return "cannot tell: " + design() + " (the t-test's assumption fails; more forks or a quieter box)";
        }
        if (Double.isNaN(p) || nA < Stats.MIN_FORKS || nB < Stats.MIN_FORKS) {
            int fewest = Math.min(nA, nB);
            return fewest < 1 ? "unknown (no forks)" : "no test verdict (" + fewest + (fewest == 1 ? " fork" : " forks")
                    + " on a side; a verdict needs " + Stats.MIN_FORKS + ")";
        }
        String holm = family > 1 ? ", Holm over " + family : "";
        if (minP * family > Stats.ALPHA) {
            return "cannot be resolved at α = " + Stats.formatP(Stats.ALPHA) + " with " + forks() + " (smallest possible p "
                    + Stats.formatP(minP) + holm + ")";
        }
        String how = " (" + (family > 1 ? "Holm-adjusted p = " : "p = ") + Stats.formatP(adjusted) + ", " + design() + holm + ", α = "
                + Stats.formatP(Stats.ALPHA) + ")";
        if (adjusted <= Stats.ALPHA) {
            return (ratio > 1 ? above : below) + how;
        }
        if (alike(Stats.ALPHA / family, Stats.MARGIN)) {
            double[] ci = interval(1 - 2 * Stats.ALPHA / family);
            return String.format(Locale.ROOT, "alike: within ±%s (%.3g× [%.3g, %.3g], %s interval inside the margin, %s%s)",
                    Stats.formatPercent(Stats.MARGIN), ratio, ci[0], ci[1], Stats.formatLevel(1 - 2 * Stats.ALPHA / family), design(), holm);
        }
        if (tBased()) {
            return String.format(Locale.ROOT, "cannot tell with these forks (%s = %s; %.3g× [%.3g, %.3g] at %s, neither apart nor "
                    + "within ±%s; %s%s, α = %s)", family > 1 ? "Holm-adjusted p" : "p", Stats.formatP(adjusted), ratio, lo, hi, Stats.formatLevel(level),
                    Stats.formatPercent(Stats.MARGIN), design(), holm, Stats.formatP(Stats.ALPHA));
        }
        return "no significant difference" + how;
    }

    private String forks() {
        return paired ? nA + " pairs" : nA + " vs " + nB + " forks";
    }

    /** E.g. {@code 0.72× [0.68, 0.77] (95 % HL interval), p = 0.008 (exact Wilcoxon signed-rank, 8 pairs)}. */
    public String describe() {
        if (Double.isNaN(p)) {
            return "untested (" + design() + ")";
        }
        return String.format(Locale.ROOT, "%.3g× [%.3g, %.3g] (%s %s interval), p = %s (%s)",
                ratio, lo, hi, Stats.formatLevel(level), tBased() ? "t" : "Hodges–Lehmann", Stats.formatP(p), design());
    }
}
