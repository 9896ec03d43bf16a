package handoff.harness.trial;

import java.util.Locale;

/**
 * The outcome of one test between two configurations' per-fork values: an estimate of the ratio a/b with its
 * confidence interval, the exact two-sided p-value, and the smallest p-value the design could have produced
 * (so that "not significant" and "cannot be resolved with n forks" are told apart).
 *
 * @param test     the test's name as printed, e.g. {@code exact Mann–Whitney}
 * @param ratio    Hodges–Lehmann estimate of a/b (on the log scale: a ratio, not a difference); NaN if untestable
 * @param lo       lower end of the ratio's interval
 * @param hi       upper end of the ratio's interval
 * @param level    the coverage that interval really has (below {@code 1 - alpha} when the design cannot reach it)
 * @param p        exact two-sided p-value, before any correction for the table's other comparisons; NaN if untested
 * @param minP     the smallest two-sided p-value this many forks can give
 * @param nA       forks (or pairs) of a
 * @param nB       forks of b (equal to nA for a paired test)
 * @param paired   whether forks were paired (interleaved a, b, a, b ...) and tested as pairs
 */
public record Comparison(String test, double ratio, double lo, double hi, double level, double p, double minP,
                         int nA, int nB, boolean paired) {

    /** Whether this many forks could show a difference at all at level {@code alpha} (uncorrected). */
    public boolean resolvable(double alpha) {
        return !Double.isNaN(minP) && minP <= alpha;
    }

    /** Whether a differs from b at {@code alpha} (uncorrected p; use {@link Holm} for a table). */
    public boolean differs(double alpha) {
        return !Double.isNaN(p) && p <= alpha;
    }

    /** E.g. {@code exact Mann–Whitney, 3 vs 3 forks} or {@code exact Wilcoxon signed-rank, 8 pairs}. */
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
        if (Double.isNaN(p) || nA < 2 || nB < 2) {
            return nA < 1 || nB < 1 ? "unknown (no forks)" : "unknown (1 fork)";
        }
        String holm = family > 1 ? ", Holm over " + family : "";
        if (minP * family > Stats.ALPHA) {
            return "cannot be resolved at α = " + Stats.formatP(Stats.ALPHA) + " with " + forks() + " (smallest possible p "
                    + Stats.formatP(minP) + holm + ")";
        }
        String how = " (p = " + Stats.formatP(adjusted) + ", " + design() + holm + ", α = " + Stats.formatP(Stats.ALPHA) + ")";
        if (adjusted <= Stats.ALPHA) {
            return (ratio > 1 ? above : below) + how;
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
        return String.format(Locale.ROOT, "%.3g× [%.3g, %.3g] (%.0f %% Hodges–Lehmann interval), p = %s (%s)",
                ratio, lo, hi, level * 100, Stats.formatP(p), design());
    }
}
