package handoff.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The declared families (docs/statistics.md §5, §6) against an independent implementation: expected values printed by
 * scipy 1.17.1 and statsmodels 0.15.0 (Python 3.11) for the same numbers, with the command beside each
 * ({@code L = numpy.log}; {@code from scipy import stats}; {@code from statsmodels.stats.multitest import multipletests}).
 */
class FamiliesOracleTest {
    private static final double TIGHT = 1e-9;

    @Test
    void holmMatchesStatsmodels() {
        // multipletests([0.01, 0.04, 0.03, 0.005, 0.2], method='holm')[1]
        assertThat(Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005, 0.2}))
                .containsExactly(new double[] {0.04, 0.09, 0.09, 0.025, 0.2}, within(TIGHT));
        // multipletests([0.012, 0.012, 0.5, 0.02], method='holm')[1]: ties, and the step-down kept non-decreasing
        assertThat(Holm.adjust(new double[] {0.012, 0.012, 0.5, 0.02}))
                .containsExactly(new double[] {0.048, 0.048, 0.5, 0.048}, within(TIGHT));
        // an untested comparison (NaN) is not in the family: the others are adjusted as a family of four
        double[] withNaN = Holm.adjust(new double[] {0.012, Double.NaN, 0.012, 0.5, 0.02});
        assertThat(withNaN[1]).isNaN();
        assertThat(new double[] {withNaN[0], withNaN[2], withNaN[3], withNaN[4]})
                .containsExactly(new double[] {0.048, 0.048, 0.5, 0.048}, within(TIGHT));
    }

    /**
     * Each row against a reference: paired t per row, Holm over the rows with a p (a refused comparison counts at p = 1),
     * alike by TOST at α / m.
     */
    @Test
    void versusReferenceMatchesScipyAndStatsmodels() {
        double[] ref = {100, 102, 98, 101};
        double[] higher = {120, 125, 118, 121};
        double[] near = {102, 100, 99.5, 103.5};
        double[] twoModes = {80, 170, 60, 100}; // log-ratios to ref spread over e^1.0014 > 2x: refused
        double nan = Double.NaN;
        VersusReference v = VersusReference.of(Arrays.asList(ref, higher, near, twoModes, null, new double[] {110, nan, nan, nan}), 0);
        assertThat(v.family()).isEqualTo(3);
        // stats.ttest_rel(L(higher), L(ref)).pvalue = 4.6969683954601936e-05; stats.ttest_rel(L(near), L(ref)).pvalue =
        // 0.3981489835973699; multipletests([4.6969683954601936e-05, 0.3981489835973699, 1.0], method='holm')[1]
        assertThat(v.outcome(1).test().p()).isCloseTo(4.6969683954601936e-05, within(TIGHT));
        assertThat(v.outcome(2).test().p()).isCloseTo(0.3981489835973699, within(TIGHT));
        assertThat(v.outcome(1).adjustedP()).isCloseTo(0.0001409090518638058, within(TIGHT));
        assertThat(v.outcome(2).adjustedP()).isCloseTo(0.7962979671947398, within(TIGHT));
        assertThat(v.outcome(3).adjustedP()).isEqualTo(1.0);
        // exp(mean(L(higher) - L(ref))) = 1.2068484968815327
        assertThat(v.outcome(1).test().ratio()).isCloseTo(1.2068484968815327, within(TIGHT));
        assertThat(v.outcome(1).verdict()).isEqualTo(Verdict.ABOVE);
        // ttost_paired(L(near), L(ref), math.log(1/1.05), math.log(1.05))[0] = 0.015408434978895028 <= 0.05 / 3
        assertThat(v.outcome(2).verdict()).isEqualTo(Verdict.ALIKE);
        assertThat(v.outcome(3).verdict()).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(v.outcome(4).verdict()).isEqualTo(Verdict.UNTESTED);
        assertThat(v.outcome(5).verdict()).isEqualTo(Verdict.UNTESTED);
        assertThat(v.outcome(0).test()).isNull();
        // at alpha / 2 (a family of two) the same TOST p 0.0154 would still be alike; at alpha / 4 = 0.0125 it is not:
        // the level is the family's
        assertThat(v.outcome(2).test().alike(Stats.ALPHA / 4, Stats.MARGIN)).isFalse();
    }

    /**
     * The level of "alike" is the family's: near = [103, 101, 99, 105] against the reference has TOST p
     * ttost_paired(L(near), L(ref), math.log(1/1.05), math.log(1.05))[0] = 0.03063877627767418, above α/2 = 0.025 (a
     * family of two), so it cannot tell; the reference is the third row here, and the rows without values are no part of
     * the family. Holm: multipletests([0.2103520288091901, 4.6969683954601936e-05], method='holm')[1].
     */
    @Test
    void theFamilysLevelDecidesAlike() {
        double[] ref = {100, 102, 98, 101};
        double[] near = {103, 101, 99, 105};
        double[] higher = {120, 125, 118, 121};
        VersusReference v = VersusReference.of(Arrays.asList(near, higher, ref, null, null), 2);
        assertThat(v.family()).isEqualTo(2);
        assertThat(v.outcome(0).adjustedP()).isCloseTo(0.2103520288091901, within(TIGHT));
        assertThat(v.outcome(1).adjustedP()).isCloseTo(2 * 4.6969683954601936e-05, within(TIGHT));
        assertThat(v.outcome(0).verdict()).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(v.outcome(1).verdict()).isEqualTo(Verdict.ABOVE);
        assertThat(v.outcome(2).test()).as("the reference is not compared with itself").isNull();
        assertThat(v.words(1, "higher", "lower")).startsWith("higher (Holm-adjusted p = 9.4e-05, paired t on per-round log-ratios, 4 pairs, Holm over 2");
        assertThat(v.words(0, "higher", "lower")).startsWith("cannot tell with these forks (Holm-adjusted p = 0.21;");
        assertThat(v.words(3, "higher", "lower")).isEmpty();
    }

    /**
     * Boundaries of the best-of family: three forks ({@link Stats#MIN_FORKS}) make a row testable, two do not, a zero fork
     * is no value, two rows are a family.
     */
    @Test
    void threeForksAndTwoRowsAreEnough() {
        BestOf two = BestOf.of(Arrays.asList(new double[] {100, 104, 102}, new double[] {50, 51, 49}, new double[] {0, 70, 72}), true);
        assertThat(two.testable()).isEqualTo(2);
        assertThat(two.level()).isEqualTo(0.05);
        assertThat(two.place(2).standing()).isEqualTo(BestOf.Standing.UNTESTED);
        assertThat(two.place(2).refused()).isFalse();
        assertThat(two.method()).isEqualTo("multiple comparisons with the best (Hsu): one-sided paired t on per-round log-ratios "
                + "(Welch where rounds are not shared) at α/(k − 1) = 0.05, k = 2 rows, family-wise α = 0.05");
        BestOf tie = BestOf.of(List.of(new double[] {100, 101, 99}, new double[] {100, 99, 101}), true);
        assertThat(tie.splits()).as("nothing told apart").isFalse();
        assertThat(tie.group()).containsExactly(0, 1);
        assertThat(tie.best()).isEqualTo(-1);
    }

    /**
     * A row whose comparison with a row of a better geometric mean was refused cannot be placed, though a comparison of
     * it was run: "busy" (two-mode forks, an eighth of the rings) was in the best group while the rule asked only that
     * some comparison of it be run (its comparison with its twin "twin" is, and names nothing). Ratios by round, ring ÷
     * busy: 8.2, 3.6, 8.0 (spread over 2×: refused); twin ÷ busy: 1.04, 0.98, 1.03.
     */
    @Test
    void aRowWhoseComparisonWithABetterRowWasRefusedIsUntested() {
        double[] ring = {700, 710, 720};
        double[] ring2 = {690, 705, 725};
        double[] busy = {85, 200, 90};
        double[] twin = {88, 196, 93};
        BestOf b = BestOf.of(List.of(ring, ring2, busy, twin), true);
        assertThat(b.testable()).isEqualTo(4);
        assertThat(b.group()).containsExactly(0, 1);
        assertThat(b.place(2).standing()).isEqualTo(BestOf.Standing.UNTESTED);
        assertThat(b.place(2).refused()).isTrue();
        assertThat(b.place(3).refused()).isTrue();
        assertThat(b.best()).isEqualTo(-1);
        BestOf lower = BestOf.of(List.of(ring, ring2, busy, twin), false);
        assertThat(lower.group()).as("lower is better: the busy rows placed by each other, the rings not").containsExactly(2, 3);
        assertThat(lower.place(0).refused()).isTrue();
    }

    /**
     * Multiple comparisons with the best on a hand-made table where refused comparisons come first: row "slow" is beaten
     * by "fast" (one-sided paired t, stats.ttest_rel(L(fast), L(slow), alternative='greater').pvalue =
     * 0.00019374582533424308, below α/(k − 1) = 0.05/3) although its comparisons with the two-mode rows, met first, are
     * refused; the two-mode rows, every comparison of theirs refused, are untested, never in the best group.
     */
    @Test
    void aRefusedComparisonNeverHidesASignificantOne() {
        double[] twoModes = {50, 300, 52};
        double[] slow = {60, 61, 59.5};
        double[] fast = {100, 104, 98};
        double[] otherModes = {400, 90, 95};
        BestOf b = BestOf.of(List.of(twoModes, slow, fast, otherModes), true);
        assertThat(b.testable()).isEqualTo(4); // refused comparisons stay in k
        assertThat(b.level()).isCloseTo(0.05 / 3, within(TIGHT));
        assertThat(b.place(1).standing()).isEqualTo(BestOf.Standing.NOT_BEST);
        assertThat(b.place(1).beatenBy()).isEqualTo(2);
        assertThat(b.place(1).p()).isCloseTo(0.00019374582533424308, within(TIGHT));
        // fast: not beaten by slow (p = 0.9998062541746657), but its comparison with otherModes, of a higher geometric
        // mean (150 against 101), was refused: it cannot be placed, so untested, never in the best group
        for (int refused : new int[] {0, 2, 3}) {
            assertThat(b.place(refused).standing()).isEqualTo(BestOf.Standing.UNTESTED);
            assertThat(b.place(refused).refused()).isTrue();
            assertThat(b.place(refused).beatenBy()).isEqualTo(-1);
            assertThat(LogT.refused(b.place(refused).test())).isTrue();
        }
        assertThat(b.group()).isEmpty();
        assertThat(b.best()).isEqualTo(-1);
        assertThat(b.splits()).isTrue();
        // the same table in another order decides the same way
        BestOf reordered = BestOf.of(List.of(slow, fast, otherModes, twoModes), true);
        assertThat(reordered.place(0).standing()).isEqualTo(BestOf.Standing.NOT_BEST);
        assertThat(reordered.place(0).beatenBy()).isEqualTo(1);
        assertThat(reordered.place(3).refused()).isTrue();
    }

    /**
     * The regression of results/20261124-203515-472f2c7 (pipeline saturation, P = 1, one worker a stage, 12 rows): the
     * forks of lbq/block and clq/park as its pipeline.csv holds them. clq/park beats lbq/block by the one-sided paired t
     * on per-round log-ratios — stats.ttest_rel(L(clq_park), L(lbq_block), alternative='greater'): statistic
     * 12.783188221746139, pvalue 0.0030319866004214434, df 2 — below α/(k − 1) = 0.05/11 = 0.0045; the nine other
     * comparisons of lbq/block are refused (its forks spread 2.0×). Before the fix the refused comparison with the first
     * row hid it and lbq/block read "best group"; lmax/block, every comparison refused, read "best group" too.
     */
    @Test
    void theCommittedRunsLbqBlockIsNotInTheBestGroup() {
        List<double[]> rows = List.of(
                new double[] {3255828.1, 3366683.5, 4210949.8}, // abq/park
                new double[] {2166850.1, 2170786.8, 2331267.2}, // abq/block
                new double[] {4376524.1, 2666982.1, 4210743.5}, // lbq/park
                new double[] {2283152.6, 3002850.2, 1493910.7}, // lbq/block
                new double[] {7143998.2, 7196513.7, 4398960}, // clq/park
                new double[] {9792972.2, 9464626, 7926222.1}, // mtoca/park
                new double[] {5827389.7, 6271440.4, 6438130.3}, // jctools/park
                new double[] {2697566.4, 2497945.4, 2634932}, // flow/native
                new double[] {3545539.1, 3595093.7, 3594314.6}, // disruptor/park
                new double[] {4440596.5, 4302109.6, 4737368.4}, // disruptor/block
                new double[] {6590122.6, 4645349.9, 5658278.6}, // lmax/park
                new double[] {654878.2, 1372422.8, 3088662.2}); // lmax/block
        BestOf b = BestOf.of(rows, true);
        assertThat(b.level()).isCloseTo(0.05 / 11, within(TIGHT));
        BestOf.Place lbqBlock = b.place(3);
        assertThat(lbqBlock.standing()).isEqualTo(BestOf.Standing.NOT_BEST);
        assertThat(lbqBlock.beatenBy()).isEqualTo(4);
        assertThat(lbqBlock.p()).isCloseTo(0.0030319866004214434, within(TIGHT));
        assertThat(lbqBlock.test().logDiff() / lbqBlock.test().se()).isCloseTo(12.783188221746139, within(TIGHT));
        assertThat(lbqBlock.test().df()).isEqualTo(2.0);
        assertThat(b.place(11).standing()).isEqualTo(BestOf.Standing.UNTESTED);
        assertThat(b.place(11).refused()).isTrue();
        // no row of the best group is beaten at the family's level by a comparison that was run
        for (int i : b.group()) {
            for (int j = 0; j < rows.size(); j++) {
                Comparison c = j == i ? null : LogT.blocked(rows.get(j), rows.get(i));
                if (c != null && !LogT.refused(c)) {
                    assertThat(c.pAbove(1)).as("row %d beaten by %d", i, j).isGreaterThan(b.level());
                }
            }
        }
        // rows 0 and 2 (each comparison with a row of a better geometric mean refused) cannot be placed: untested
        assertThat(b.group()).containsExactly(4, 5, 6, 9, 10);
        assertThat(b.place(0).refused()).isTrue();
        assertThat(b.place(2).refused()).isTrue();
    }

    /** The best: every other row shown below it. Expected one-sided p from stats.ttest_rel(..., alternative='greater'). */
    @Test
    void theBestIsShownAboveEveryOtherRow() {
        double[] fast = {100, 104, 98};
        double[] slow = {60, 61, 59.5};
        double[] slower = {30, 31, 29};
        BestOf b = BestOf.of(Arrays.asList(slow, fast, null, slower, new double[] {70}), true);
        assertThat(b.testable()).isEqualTo(3);
        assertThat(b.best()).isEqualTo(1);
        assertThat(b.place(1).standing()).isEqualTo(BestOf.Standing.BEST);
        assertThat(b.place(0).standing()).isEqualTo(BestOf.Standing.NOT_BEST);
        assertThat(b.place(0).p()).isCloseTo(0.00019374582533424308, within(TIGHT));
        assertThat(b.place(2).standing()).isEqualTo(BestOf.Standing.UNTESTED);
        assertThat(b.place(2).refused()).isFalse();
        assertThat(b.place(4).standing()).isEqualTo(BestOf.Standing.UNTESTED);
        // lower is better: the same table turned round
        BestOf low = BestOf.of(List.of(slow, fast, slower), false);
        assertThat(low.best()).isEqualTo(2);
        assertThat(low.place(1).standing()).isEqualTo(BestOf.Standing.NOT_BEST);
        // one testable row: nothing placed
        assertThat(BestOf.of(List.of(fast), true).place(0).standing()).isEqualTo(BestOf.Standing.UNTESTED);
        assertThat(BestOf.of(List.of(fast), true).level()).isNaN();
    }
}
