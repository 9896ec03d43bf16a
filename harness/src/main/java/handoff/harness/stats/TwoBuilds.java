package handoff.harness.stats;

import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Two builds of the code measured in one run (docs/statistics.md §15): every row ran once for each build in every
 * round, the two back to back, so that the per-round log-ratio HEAD ÷ BASE cancels what the round shared. Each row is
 * judged by the study's test on those ratios ({@link LogT#paired}, docs/statistics.md §3), oriented the worse way (HEAD ÷
 * BASE where lower is better, BASE ÷ HEAD where higher is), one-sided each way — a gate asks "is HEAD worse?" — with
 * Holm over the rows judged together for each direction ({@link Holm}, §5), and called against a threshold X:
 * <ul>
 *   <li>{@link Call#REGRESSED} / {@link Call#IMPROVED}: shown different at α (Holm), the worse-way ratio beyond 1 + X
 *   (or below 1 / (1 + X));</li>
 *   <li>{@link Call#SLOWER} / {@link Call#FASTER}: shown different, the ratio within the threshold;</li>
 *   <li>{@link Call#ALIKE}: shown inside ±X by two one-sided tests at α/m (§7);</li>
 *   <li>{@link Call#CANNOT_TELL}: neither (the assumption check of §3 refusing it included);</li>
 *   <li>{@link Call#UNTESTED}: fewer than two rounds hold both builds.</li>
 * </ul>
 * Its power is stated per row: the smallest worse-way ratio it would call a regression with the spread its pairs show,
 * max(1 + X, exp(t(1 − α/m, df) · se)) ({@link Judged#detectable}).
 *
 * <p><b>The mode screen.</b> On this box a JVM lands, for its whole life, in a fast or a 3× slower mode (docs/measurement.md):
 * a round whose two forks landed in different modes carries a factor of 3 either way, which no test at 20 rounds sees a
 * 1.2× slowdown through. Before the test a pair whose own two values lie more than {@link LogT#SPREAD}× apart is set aside
 * ({@link #screen}); the rule reads |log(HEAD ÷ BASE)| only, so it is the same whichever build is which, and under no
 * difference the pairs it keeps are as likely to lean either way: the test's level holds (by simulation,
 * docs/statistics.md §15). A slow spell the round shares moves both forks and keeps its pair.
 *
 * <p><b>A row in modes.</b> Where the screen sets aside {@link #MODE_PAIRS} pairs or more, the row's forks land in
 * modes on this box, and modes nearer than 2× pass the screen: the pairs it keeps mix modes, which the t-test's normal
 * model does not describe (measured: {@code lbq} and {@code mtorb} at burst 100, whose forks spread over 10× and 1.9×,
 * read 1.40× and 1.45× HEAD ÷ BASE on builds that do not differ in their code). Such a row is judged by the exact sign
 * test over all its rounds instead ({@link #signs}: with the two builds' order drawn per round, identical builds make
 * each round's ratio as likely above 1 as below, whatever the modes), its estimate the median per-round ratio with its
 * distribution-free interval ({@link Stats#medianInterval}); a change that moves a row into another mode, which sets
 * aside rounds all one way, is then found rather than hidden. It is never called alike, and its power is not stated
 * ({@link Judged#modes}). The rule reads the screen's count only, the same whichever build is which.
 */
public final class TwoBuilds {
    /** Pairs set aside by the screen from which a row counts as in modes, and is not judged. */
    public static final int MODE_PAIRS = 2;

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
    public record Judged(Comparison worseWay, double pHolm, Call call, double detectable, int screened) {
        /** Whether the test ran (two rounds or more, the assumption check passed). */
        public boolean tested() {
            return call != Call.UNTESTED && !LogT.refused(worseWay);
        }

        /** Whether the screen set aside enough pairs to call the row's forks modal ({@link #MODE_PAIRS}): the sign test. */
        public boolean modes() {
            return screened >= MODE_PAIRS;
        }
    }

    private TwoBuilds() {
    }

    /** Every row judged, Holm over those with a test. */
    public static List<Judged> judge(List<Pair> rows, double threshold) {
        Comparison[] tests = new Comparison[rows.size()];
        int[] screened = new int[rows.size()];
        double[] worse = new double[rows.size()];
        double[] better = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            Pair r = rows.get(i);
            double[][] kept = screen(r.base(), r.head());
            screened[i] = kept[2].length;
            double[] worseA = r.higherIsBetter() ? r.base() : r.head();
            double[] worseB = r.higherIsBetter() ? r.head() : r.base();
            if (screened[i] >= MODE_PAIRS) {
                double[] oneSided = new double[2];
                tests[i] = signs(worseA, worseB, oneSided);
                worse[i] = oneSided[0];
                better[i] = oneSided[1];
                continue;
            }
            tests[i] = r.higherIsBetter() ? LogT.paired(kept[0], kept[1]) : LogT.paired(kept[1], kept[0]);
            // one-sided each way; NaN where untested; 1 where the check refused (it stays in the family)
            boolean refused = LogT.refused(tests[i]);
            worse[i] = Double.isNaN(tests[i].p()) ? Double.NaN : refused ? 1 : tests[i].pAbove(1);
            better[i] = Double.isNaN(tests[i].p()) ? Double.NaN : refused ? 1 : tests[i].pBelow(1);
        }
        double[] adjWorse = Holm.adjust(worse);
        double[] adjBetter = Holm.adjust(better);
        int m = (int) Arrays.stream(worse).filter(x -> !Double.isNaN(x)).count();
        List<Judged> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Comparison c = tests[i];
            if (Double.isNaN(worse[i])) {
                out.add(new Judged(c, Double.NaN, Call.UNTESTED, Double.NaN, screened[i]));
                continue;
            }
            boolean modes = screened[i] >= MODE_PAIRS;
            Call call = call(c, adjWorse[i], adjBetter[i], m, threshold);
            out.add(new Judged(c, call == Call.IMPROVED || call == Call.FASTER ? adjBetter[i] : adjWorse[i], call,
                    modes || LogT.refused(c) ? Double.NaN : detectable(c, threshold, m), screened[i]));
        }
        return out;
    }

    /** The name of the sign test as printed. */
    public static final String SIGN_TEST = "exact sign test on per-round ratios (in modes)";

    /**
     * The exact sign test of a row in modes on its per-round worse-way ratios {@code a[i] / b[i]} (rounds where both are
     * known; a ratio of exactly 1 dropped): {@code oneSided[0]} = P(at least this many rounds worse | no difference),
     * {@code oneSided[1]} the same for better, each Binomial(n, ½); the estimate is the median ratio with its
     * distribution-free interval. NaN p where fewer than 2 rounds hold both builds.
     */
    static Comparison signs(double[] a, double[] b, double[] oneSided) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (a[i] > 0 && b[i] > 0) {
                ratios.add(a[i] / b[i]);
            }
        }
        int up = (int) ratios.stream().filter(x -> x > 1).count();
        int down = (int) ratios.stream().filter(x -> x < 1).count();
        int n = up + down;
        if (ratios.size() < 2 || n == 0) {
            oneSided[0] = Double.NaN;
            oneSided[1] = Double.NaN;
            return new Comparison(SIGN_TEST, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    ratios.size(), ratios.size(), true);
        }
        BinomialDistribution coin =
                BinomialDistribution.of(n, 0.5);
        oneSided[0] = coin.survivalProbability(up - 1); // P(X >= up)
        oneSided[1] = coin.survivalProbability(down - 1);
        Stats.Interval median = Stats.medianInterval(ratios.stream().mapToDouble(Double::doubleValue).toArray());
        return new Comparison(SIGN_TEST, median.centre(), median.lo(), median.hi(), median.level(),
                Math.min(1, 2 * Math.min(oneSided[0], oneSided[1])), Math.pow(0.5, n - 1), ratios.size(), ratios.size(), true);
    }

    /**
     * The mode screen: BASE's and HEAD's values with the rounds whose two values lie more than {@link LogT#SPREAD}× apart
     * set to NaN (no pair), and, third, those rounds' indices.
     */
    static double[][] screen(double[] base, double[] head) {
        int n = Math.min(base.length, head.length);
        double[] b = Arrays.copyOf(base, n);
        double[] h = Arrays.copyOf(head, n);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (b[i] > 0 && h[i] > 0 && Math.abs(Math.log(h[i] / b[i])) > Math.log(LogT.SPREAD)) {
                b[i] = Double.NaN;
                h[i] = Double.NaN;
                out.add(i);
            }
        }
        return new double[][] {b, h, out.stream().mapToDouble(Integer::doubleValue).toArray()};
    }

    private static Call call(Comparison c, double worse, double better, int m, double threshold) {
        if (LogT.refused(c) || Double.isNaN(worse)) {
            return Call.CANNOT_TELL;
        }
        if (worse <= Stats.ALPHA) {
            return c.ratio() > 1 + threshold ? Call.REGRESSED : Call.SLOWER;
        }
        if (better <= Stats.ALPHA) {
            return c.ratio() < 1 / (1 + threshold) ? Call.IMPROVED : Call.FASTER;
        }
        return c.alike(Stats.ALPHA / m, threshold) ? Call.ALIKE : Call.CANNOT_TELL;
    }

    /**
     * The smallest worse-way ratio called a regression at the first step of Holm over {@code m} rows with this row's
     * standard error and degrees of freedom: the two-sided test's bound, and at least the threshold.
     */
    static double detectable(Comparison c, double threshold, int m) {
        double t = c.se() == 0 ? 0 : TDistribution.of(c.df()).inverseSurvivalProbability(Stats.ALPHA / m);
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
