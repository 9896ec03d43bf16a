package handoff.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one-sided exact rank-sum test against values worked out by hand, with ties, and its size under the null. */
class OneSidedRankTestTest {
    @Test
    void separatedSamplesGiveTheSmallestPOnlyInTheirDirection() {
        double[] low = {10, 11, 12};
        double[] high = {20, 21, 22};
        assertEquals(1.0 / 20, OneSidedRankTest.pGreater(low, high), 1e-12, "1 / C(6,3)");
        assertEquals(1.0, OneSidedRankTest.pGreater(high, low), 1e-12, "the other direction: every split is at least as large");
        assertEquals(1.0 / 20, OneSidedRankTest.minP(3, 3), 1e-12);
        assertEquals(1.0 / 252, OneSidedRankTest.minP(5, 5), 1e-12);
    }

    @Test
    void matchesTheRankSumTable() {
        // y = {5,7,8,9,10} above x = {1,2,3,4,6}: U_y = 24 of 25; P(U >= 24) = 2/252 (U = 25 and U = 24 once each)
        assertEquals(2.0 / 252, OneSidedRankTest.pGreater(new double[] {1, 2, 3, 4, 6}, new double[] {5, 7, 8, 9, 10}), 1e-12);
    }

    @Test
    void tiesUseMidRanksExactly() {
        // x = {1, 2}, y = {2, 3}: mid-ranks 1, 2.5 | 2.5, 4; y's sum 6.5. The 6 pairs from {1, 2.5, 2.5, 4} sum to
        // 3.5, 3.5, 5, 5, 6.5, 6.5: two reach 6.5, P = 2/6
        assertEquals(2.0 / 6, OneSidedRankTest.pGreater(new double[] {1, 2}, new double[] {2, 3}), 1e-12);
        double[] same = {5, 5, 5};
        assertEquals(1.0, OneSidedRankTest.pGreater(same, same), 1e-12, "all tied: nothing is above");
    }

    @Test
    void unknownValuesAreLeftOut() {
        assertTrue(Double.isNaN(OneSidedRankTest.pGreater(new double[] {Double.NaN}, new double[] {1, 2})));
        assertEquals(1.0 / 20, OneSidedRankTest.pGreater(new double[] {10, 11, 12, Double.NaN}, new double[] {20, 21, 22}), 1e-12);
    }

    /** Under the null the chance of p <= α is at most α (it is exact: 12/252 for 5 vs 5 at 0.05). */
    @Test
    void falsePositiveRateUnderTheNullIsAtMostAlpha() {
        SplittableRandom r = new SplittableRandom(27);
        int runs = 20_000;
        int hits = 0;
        for (int i = 0; i < runs; i++) {
            double[] x = new double[5];
            double[] y = new double[5];
            for (int k = 0; k < 5; k++) {
                x[k] = Math.exp(r.nextGaussian());
                y[k] = Math.exp(r.nextGaussian());
            }
            if (OneSidedRankTest.pGreater(x, y) <= Stats.ALPHA) {
                hits++;
            }
        }
        double rate = hits / (double) runs;
        assertTrue(rate <= Stats.ALPHA + 0.006, "false-positive rate " + rate);
        assertTrue(rate > 0.03, "and not vacuous: " + rate);
    }
}
