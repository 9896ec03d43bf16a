package handoff.harness.stats;

import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.List;

/**
 * Two builds of the code measured in one run (docs/statistics.md §15): every row ran once for each build in every
 * round, the two back to back, so that the per-round log-ratio HEAD ÷ BASE cancels what the round shared. Each row is
 * judged by the study's test on those ratios ({@link LogT#paired}, docs/statistics.md §3), two-sided, Holm over the
 * rows judged together ({@link Holm}, §5), oriented the worse way (HEAD ÷ BASE where lower is better, BASE ÷ HEAD where
 * higher is), and called against a threshold X:
 * <ul>
 *   <li>{@link Call#REGRESSED} / {@link Call#IMPROVED}: shown different at α (Holm), the worse-way ratio beyond 1 + X
 *   (or below 1 / (1 + X));</li>
 *   <li>{@link Call#SLOWER} / {@link Call#FASTER}: shown different, the ratio within the threshold;</li>
 *   <li>{@link Call#ALIKE}: shown inside ±X by two one-sided tests at α/m (§7);</li>
 *   <li>{@link Call#CANNOT_TELL}: neither (the assumption check of §3 refusing it included);</li>
 *   <li>{@link Call#UNTESTED}: fewer than two rounds hold both builds.</li>
 * </ul>
 * Its power is stated per row: the smallest worse-way ratio it would call a regression with the spread its pairs show,
 * max(1 + X, exp(t(1 − α/(2m), df) · se)) ({@link Judged#detectable}).
 */
public final class TwoBuilds {
    /** What a row's test says of HEAD against BASE. */
    public enum Call { REGRESSED, SLOWER, ALIKE, CANNOT_TELL, FASTER, IMPROVED, UNTESTED }

    /**
     * One row: its per-round values of each build (position i is round i; NaN where unknown) and its direction.
     */
    public record Pair(double[] base, double[] head, boolean higherIsBetter) {
    }

    /**
     * @param worseWay   the paired test of the worse-way ratio (above 1: HEAD worse)
     * @param pHolm      its two-sided p after Holm over the rows tested; NaN where untested
     * @param call       the verdict
     * @param detectable the smallest worse-way ratio this row would call a regression; NaN where untested or refused
     */
    public record Judged(Comparison worseWay, double pHolm, Call call, double detectable) {
        /** Whether the test ran (two rounds or more, the assumption check passed). */
        public boolean tested() {
            return call != Call.UNTESTED && !LogT.refused(worseWay);
        }
    }

    private TwoBuilds() {
    }

    /** Every row judged, Holm over those with a test. */
    public static List<Judged> judge(List<Pair> rows, double threshold) {
        Comparison[] tests = new Comparison[rows.size()];
        double[] p = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            Pair r = rows.get(i);
            tests[i] = r.higherIsBetter() ? LogT.paired(r.base(), r.head()) : LogT.paired(r.head(), r.base());
            p[i] = tests[i].p(); // NaN where untested; 1 where the check refused (it stays in the family)
        }
        double[] adj = Holm.adjust(p);
        int m = (int) java.util.Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        List<Judged> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Comparison c = tests[i];
            if (Double.isNaN(p[i])) {
                out.add(new Judged(c, Double.NaN, Call.UNTESTED, Double.NaN));
                continue;
            }
            out.add(new Judged(c, adj[i], call(c, adj[i], m, threshold), LogT.refused(c) ? Double.NaN : detectable(c, threshold, m)));
        }
        return out;
    }

    private static Call call(Comparison c, double adjusted, int m, double threshold) {
        if (LogT.refused(c)) {
            return Call.CANNOT_TELL;
        }
        if (adjusted <= Stats.ALPHA) {
            if (c.ratio() > 1) {
                return c.ratio() > 1 + threshold ? Call.REGRESSED : Call.SLOWER;
            }
            return c.ratio() < 1 / (1 + threshold) ? Call.IMPROVED : Call.FASTER;
        }
        return c.alike(Stats.ALPHA / m, threshold) ? Call.ALIKE : Call.CANNOT_TELL;
    }

    /**
     * The smallest worse-way ratio called a regression at the first step of Holm over {@code m} rows with this row's
     * standard error and degrees of freedom: the two-sided test's bound, and at least the threshold.
     */
    static double detectable(Comparison c, double threshold, int m) {
        double t = c.se() == 0 ? 0 : TDistribution.of(c.df()).inverseSurvivalProbability(Stats.ALPHA / (2.0 * m));
        return Math.max(1 + threshold, Math.exp(t * c.se()));
    }

    /** Whether a row shows a regression beyond the threshold. */
    public static boolean regressed(List<Judged> judged) {
        return judged.stream().anyMatch(j -> j.call() == Call.REGRESSED);
    }

    /** The smallest slowdown any row tested could have found; NaN where none was tested. */
    public static double mostSensitive(List<Judged> judged) {
        return judged.stream().mapToDouble(Judged::detectable).filter(d -> !Double.isNaN(d)).min().orElse(Double.NaN);
    }
}
