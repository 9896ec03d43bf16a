package handoff.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The study's t-tests on log values (docs/statistics.md §3, §7) against an independent implementation: every expected
 * value below was printed by scipy 1.17.1 and statsmodels 0.15.0 (Python 3.11) for the same numbers, with the command
 * quoted beside it ({@code L = numpy.log}; {@code from scipy import stats}). The inputs are chosen so that LogT's
 * resolution floor does not bind (each log-ratio variance above 2·(ln 1.01)²/3), except in the test that is about it.
 */
class LogTOracleTest {
    private static final double TIGHT = 1e-9;

    /** Five rounds, a paired t on per-round log-ratios: p, df, the geometric-mean ratio and its 95 % interval. */
    @Test
    void pairedMatchesScipyTtestRel() {
        double[] a = {2.10, 2.35, 1.95, 2.60, 2.20};
        double[] b = {1.80, 1.90, 1.85, 2.05, 1.70};
        Comparison c = LogT.paired(a, b);
        // r = stats.ttest_rel(L(a), L(b)): statistic 4.953563666436698, pvalue 0.007741515887195464, df 4.0
        assertThat(c.p()).isCloseTo(0.007741515887195464, within(TIGHT));
        assertThat(c.df()).isEqualTo(4.0);
        assertThat(c.logDiff() / c.se()).isCloseTo(4.953563666436698, within(TIGHT));
        // math.exp(mean(L(a) - L(b))); r.confidence_interval(0.95) read back with math.exp
        assertThat(c.ratio()).isCloseTo(1.2007799731741702, within(TIGHT));
        assertThat(c.lo()).isCloseTo(1.0837387907953002, within(TIGHT));
        assertThat(c.hi()).isCloseTo(1.3304613216973113, within(TIGHT));
        assertThat(c.level()).isEqualTo(0.95);
        // r.confidence_interval(0.9)
        assertThat(c.interval(0.90)).containsExactly(new double[] {1.1098519575579926, 1.2991575445329782}, within(TIGHT));
        // stats.ttest_1samp(L(a) - L(b), math.log(1.05), alternative='greater').pvalue
        assertThat(c.pAbove(1.05)).isCloseTo(0.011053754544146246, within(TIGHT));
        // stats.ttest_1samp(L(a) - L(b), math.log(1.3), alternative='less').pvalue
        assertThat(c.pBelow(1.3)).isCloseTo(0.04902396628875957, within(TIGHT));
        assertThat(c.paired()).isTrue();
        assertThat(Stats.shiftTest(a, b)).isEqualTo(c);
        assertThat(Stats.pairedTest(a, b)).isEqualTo(c);
    }

    /** Eight rounds: no assumption check from {@link LogT#LARGE} values on, so log-ratios spread over 2× are tested. */
    @Test
    void eightRoundsAreTestedWhateverTheirSpread() {
        double[] a = {10, 25, 12, 30, 11, 14, 9, 22};
        double[] b = {9, 11, 10, 12, 10.5, 9.5, 8, 10};
        Comparison c = LogT.paired(a, b);
        // stats.ttest_rel(L(a), L(b)): statistic 3.264099384507391, pvalue 0.013786137767376744, df 7.0
        assertThat(LogT.refused(c)).isFalse();
        assertThat(c.p()).isCloseTo(0.013786137767376744, within(TIGHT));
        assertThat(c.df()).isEqualTo(7.0);
        // exp(mean), exp(confidence_interval(0.95))
        assertThat(c.ratio()).isCloseTo(1.5230043229951606, within(TIGHT));
        assertThat(c.lo()).isCloseTo(1.1229133350326566, within(TIGHT));
        assertThat(c.hi()).isCloseTo(2.065646649208677, within(TIGHT));
        // the first five of the same rounds spread over 2x: refused, p = 1 (stays in its family), no interval
        Comparison five = LogT.paired(java.util.Arrays.copyOf(a, 5), java.util.Arrays.copyOf(b, 5));
        assertThat(LogT.refused(five)).isTrue();
        assertThat(five.p()).isEqualTo(1.0);
        assertThat(five.ratio()).isNaN();
        assertThat(five.pAbove(1)).isNaN();
    }

    /** Welch's t on log values of two separate runs: p, Welch–Satterthwaite df, ratio and interval. */
    @Test
    void welchMatchesScipyTtestIndUnequalVariances() {
        double[] x = {10.2, 11.5, 9.8, 10.9};
        double[] y = {8.1, 8.9, 7.7};
        Comparison c = LogT.welch(x, y);
        // r = stats.ttest_ind(L(x), L(y), equal_var=False): statistic 4.570509843531837, pvalue 0.008413740408574715,
        // df 4.348900528083328
        assertThat(c.p()).isCloseTo(0.008413740408574715, within(TIGHT));
        assertThat(c.df()).isCloseTo(4.348900528083328, within(TIGHT));
        assertThat(c.logDiff() / c.se()).isCloseTo(4.570509843531837, within(TIGHT));
        // exp(mean(L(x)) - mean(L(y))), exp(r.confidence_interval(0.95))
        assertThat(c.ratio()).isCloseTo(1.2873571898310616, within(TIGHT));
        assertThat(c.lo()).isCloseTo(1.1094727757831977, within(TIGHT));
        assertThat(c.hi()).isCloseTo(1.493762235887056, within(TIGHT));
        assertThat(c.paired()).isFalse();
        assertThat(c.nA()).isEqualTo(4);
        assertThat(c.nB()).isEqualTo(3);
        // stats.ttest_ind(L(x) - math.log(1.1), L(y), equal_var=False, alternative='greater').pvalue
        assertThat(c.pAbove(1.1)).isCloseTo(0.021131786954485605, within(TIGHT));
        assertThat(Stats.acrossRuns(x, y)).isEqualTo(c);
    }

    /**
     * Rounds as blocks: only rounds holding both sides pair; with fewer than two such rounds the test is Welch's; fewer
     * than {@link Stats#MIN_FORKS} forks a side give the estimate and no p.
     */
    @Test
    void blockedPairsTheSharedRoundsElseFallsBackToWelch() {
        double nan = Double.NaN;
        // rounds 0, 3 and 4 hold both: stats.ttest_rel(L([5.0, 5.2, 5.9]), L([4.0, 4.1, 4.2])): pvalue 0.01841471571076743, df 2
        Comparison paired = LogT.blocked(new double[] {5.0, nan, 5.5, 5.2, 5.9}, new double[] {4.0, 4.3, nan, 4.1, 4.2});
        assertThat(paired.test()).isEqualTo(LogT.PAIRED);
        assertThat(paired.p()).isCloseTo(0.01841471571076743, within(TIGHT));
        assertThat(paired.df()).isEqualTo(2.0);
        assertThat(paired.nA()).isEqualTo(3);
        // one shared round: stats.ttest_ind(L([5.0, 5.5, 5.6]), L([4.0, 4.3, 4.2]), equal_var=False): pvalue
        // 0.006591102521172365, df 3.2934960152831185
        Comparison welch = LogT.blocked(new double[] {5.0, nan, 5.5, 5.6, nan}, new double[] {4.0, 4.3, nan, nan, 4.2});
        assertThat(welch.test()).isEqualTo(LogT.WELCH);
        assertThat(welch.p()).isCloseTo(0.006591102521172365, within(TIGHT));
        assertThat(welch.df()).isCloseTo(3.2934960152831185, within(TIGHT));
        // two shared rounds: the estimate (exp of the mean log-ratio, 1.2497...) and no p
        Comparison two = LogT.blocked(new double[] {5.0, nan, 5.5, 5.2}, new double[] {4.0, 4.3, nan, 4.1});
        assertThat(two.nA()).isEqualTo(2);
        assertThat(two.p()).isNaN();
        assertThat(two.ratio()).isCloseTo(Math.exp((Math.log(5.0 / 4.0) + Math.log(5.2 / 4.1)) / 2), within(TIGHT));
        assertThat(Verdict.of(two, Double.NaN, Stats.ALPHA)).isEqualTo(Verdict.UNTESTED);
        // one fork a side: untested, no p
        Comparison one = LogT.welch(new double[] {5.0}, new double[] {4.0, 4.1});
        assertThat(one.p()).isNaN();
        assertThat(Verdict.of(one, Double.NaN, Stats.ALPHA)).isEqualTo(Verdict.UNTESTED);
    }

    /**
     * Forks that print the same ratio are not a difference known exactly: the standard error is at least the resolution
     * floor's, sqrt(2·(ln 1.01)²/3 / n). Expected, from that formula: t = math.log(1.003) / se = 0.7374095021267388,
     * p = 2 * stats.t.sf(t, 3) = 0.5143127057036002.
     */
    @Test
    void identicalRatiosMeetTheResolutionFloor() {
        double[] b = {100, 200, 300, 400};
        double[] a = new double[4];
        for (int i = 0; i < 4; i++) {
            a[i] = b[i] * 1.003;
        }
        Comparison c = LogT.paired(a, b);
        assertThat(c.logDiff() / c.se()).isCloseTo(0.7374095021267388, within(1e-6));
        assertThat(c.p()).isCloseTo(0.5143127057036002, within(1e-6));
    }

    /**
     * "Alike" is the two one-sided tests (TOST) at the family's per-comparison level (docs/statistics.md §7): alike at α
     * exactly where statsmodels' TOST p is at most α. Expected: {@code from statsmodels.stats.weightstats import
     * ttost_paired; ttost_paired(L(a), L(b), math.log(1/1.05), math.log(1.05))[0]}.
     */
    @Test
    void alikeIsStatsmodelsTostAtTheFamilysLevel() {
        double[] ones6 = {1, 1, 1, 1, 1, 1};
        Comparison close = LogT.paired(new double[] {1.010, 1.032, 0.995, 1.021, 1.004, 1.018}, ones6);
        double tost = 0.000550144604477961;
        assertThat(close.alike(tost * 1.02, Stats.MARGIN)).isTrue();
        assertThat(close.alike(tost * 0.98, Stats.MARGIN)).isFalse();
        // the same TOST by its two one-sided p-values
        assertThat(close.pAbove(1 / 1.05)).isCloseTo(4.001405270854438e-05, within(TIGHT));
        assertThat(close.pBelow(1.05)).isCloseTo(tost, within(TIGHT));

        double[] ones4 = {1, 1, 1, 1};
        Comparison near = LogT.paired(new double[] {1.03, 1.06, 1.01, 1.05}, ones4);
        double tost2 = 0.1696667469832322;
        assertThat(near.alike(tost2 * 1.02, Stats.MARGIN)).isTrue();
        assertThat(near.alike(tost2 * 0.98, Stats.MARGIN)).isFalse();
        // the verdict of a family: not different (adjusted p above α), alike only where TOST holds at α / m
        assertThat(Verdict.of(close, 0.5, Stats.ALPHA / 12)).isEqualTo(Verdict.ALIKE);
        assertThat(Verdict.of(near, 0.5, Stats.ALPHA)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdict.of(near, 0.01, Stats.ALPHA)).isEqualTo(Verdict.ABOVE);
    }

    /**
     * From 6 values a side the assumption check is not made (docs/statistics.md §3): a = [10, 25, 12, 30, 11, 14],
     * b = [9, 11, 10, 12, 10.5, 9.5] spread over 2× (log-ratios over e^0.87, a's forks over 3×) and are tested —
     * stats.ttest_rel(L(a), L(b)).pvalue = 0.043899469354865245 (df 5); stats.ttest_ind(L(a), L(b), equal_var=False)
     * .pvalue = 0.08056459354039656, df 5.509407594378339. Below 6 either side spread over 2× refuses Welch's test.
     */
    @Test
    void sixValuesASideGoWithoutTheCheck() {
        double[] a = {10, 25, 12, 30, 11, 14};
        double[] b = {9, 11, 10, 12, 10.5, 9.5};
        assertThat(LogT.paired(a, b).p()).isCloseTo(0.043899469354865245, within(TIGHT));
        Comparison w = LogT.welch(a, b);
        assertThat(LogT.refused(w)).isFalse();
        assertThat(w.p()).isCloseTo(0.08056459354039656, within(TIGHT));
        assertThat(w.df()).isCloseTo(5.509407594378339, within(TIGHT));
        double[] tight = {9, 9.5, 10};
        assertThat(LogT.refused(LogT.welch(new double[] {10, 25, 12}, tight))).isTrue();
        assertThat(LogT.refused(LogT.welch(tight, new double[] {10, 25, 12}))).isTrue();
        assertThat(LogT.refused(LogT.welch(tight, new double[] {10, 11, 12}))).isFalse();
        assertThat(LogT.welch(new double[] {10, 25, 12}, tight).p()).as("a refused test stays in its family at p = 1").isEqualTo(1.0);
    }

    /** Only positive, finite values are forks: a zero, a negative, an unknown or an infinite value is left out. */
    @Test
    void onlyPositiveFiniteValuesAreForks() {
        double nan = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        // the values of blockedPairsTheSharedRoundsElseFallsBackToWelch's Welch and paired cases, among values that are no forks
        Comparison w = LogT.welch(new double[] {5.0, 0, -1, nan, inf, 5.5, 5.6}, new double[] {4.0, 4.3, 0, 4.2});
        assertThat(w.nA()).isEqualTo(3);
        assertThat(w.nB()).isEqualTo(3);
        assertThat(w.p()).isCloseTo(0.006591102521172365, within(TIGHT));
        Comparison p = LogT.paired(new double[] {5.0, 0, 5.2, inf, 1, 5.9}, new double[] {4.0, 4.3, 4.1, 1, nan, 4.2});
        assertThat(p.nA()).isEqualTo(3);
        assertThat(p.p()).isCloseTo(0.01841471571076743, within(TIGHT));
        assertThat(LogT.common(new double[] {5.0, 0, 5.2, inf}, new double[] {4.0, 4.3, 4.1, 1})).isEqualTo(2);
        assertThat(LogT.common(null, new double[] {1})).isZero();
        assertThat(LogT.common(new double[] {1}, null)).isZero();
        assertThat(LogT.welch(null, new double[] {1, 2}).nA()).isZero();
        assertThat(LogT.refused(null)).isFalse();
    }
}
