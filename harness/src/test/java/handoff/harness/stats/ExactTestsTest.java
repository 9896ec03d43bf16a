package handoff.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The exact tests against values that can be worked out by hand (or from published tables). */
class ExactTestsTest {
    @Test
    void threeAgainstThreeCannotGoBelowOneTenth() {
        Comparison c = RankTest.compare(new double[] {20, 21, 22}, new double[] {10, 11, 12}, Stats.ALPHA);
        assertEquals(0.1, c.p(), 1e-12, "2 / C(6,3)");
        assertEquals(0.1, c.minP(), 1e-12);
        assertFalse(c.resolvable(Stats.ALPHA));
        assertFalse(c.differs(Stats.ALPHA));
        assertTrue(c.ratio() > 1.6 && c.ratio() < 2.1, "HL ratio " + c.ratio());
    }

    @Test
    void fiveAgainstFiveSeparatedIsSignificant() {
        Comparison c = RankTest.compare(new double[] {20, 21, 22, 23, 24}, new double[] {10, 11, 12, 13, 14}, Stats.ALPHA);
        assertEquals(2.0 / 252, c.p(), 1e-12);
        assertTrue(c.differs(Stats.ALPHA));
        assertTrue(c.lo() > 1, "interval excludes 1: " + c.describe());
    }

    @Test
    void exactRankSumMatchesTheTable() {
        // x = {1,2,3,4,6}, y = {5,7,8,9,10}: rank sum of x = 16, U = 1; two-sided exact p = 2 * 2/252
        Comparison c = RankTest.compare(new double[] {1, 2, 3, 4, 6}, new double[] {5, 7, 8, 9, 10}, Stats.ALPHA);
        assertEquals(4.0 / 252, c.p(), 1e-12);
    }

    /** The exact size of the rank-sum test at α (no ties): the null probability of every U whose p is at most α. */
    @Test
    void exactSizeIsAtMostAlphaForEveryForkCount() {
        for (int n = 3; n <= 12; n++) {
            long[] counts = RankTest.uCounts(n, n);
            double total = 0;
            for (long c : counts) {
                total += c;
            }
            double mean = n * n / 2.0;
            double size = 0;
            for (int u = 0; u < counts.length; u++) {
                double p = 0;
                for (int v = 0; v < counts.length; v++) {
                    p += Math.abs(v - mean) >= Math.abs(u - mean) - 1e-9 ? counts[v] / total : 0;
                }
                size += p <= Stats.ALPHA ? counts[u] / total : 0;
            }
            assertTrue(size <= Stats.ALPHA, n + " vs " + n + ": size " + size);
            if (n == 6) {
                assertEquals(38.0 / 924, size, 1e-12, "6 vs 6: U <= 5 or U >= 31, 19 of 924 splits each side");
            }
        }
        for (int n = 3; n <= 12; n++) {
            long[] counts = SignedRankTest.wCounts(n);
            double total = Math.pow(2, n);
            double mean = n * (n + 1) / 4.0;
            double size = 0;
            for (int w = 0; w < counts.length; w++) {
                double p = 0;
                for (int v = 0; v < counts.length; v++) {
                    p += Math.abs(v - mean) >= Math.abs(w - mean) - 1e-9 ? counts[v] / total : 0;
                }
                size += p <= Stats.ALPHA ? counts[w] / total : 0;
            }
            assertTrue(size <= Stats.ALPHA, n + " pairs: size " + size);
        }
    }

    @Test
    void tiesAreEnumeratedExactly() {
        Comparison c = RankTest.compare(new double[] {5, 5, 5}, new double[] {5, 5, 5}, Stats.ALPHA);
        assertEquals(1, c.p(), 1e-12);
        assertEquals(1, c.ratio(), 1e-12);
    }

    @Test
    void hodgesLehmannIntervalHasItsStatedCoverage() {
        // no ties, 8 vs 8: U's null distribution gives the depth; the interval must cover >= 95 %
        Comparison c = RankTest.compare(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, new double[] {1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5}, Stats.ALPHA);
        assertTrue(c.level() >= Stats.LEVEL && c.level() < 0.97, "coverage " + c.level());
        assertTrue(c.lo() < 1 && c.hi() > 1);
    }

    @Test
    void pairedSignedRankMinimaAreTwoOverTwoToTheN() {
        assertEquals(0.25, SignedRankTest.minP(3), 1e-12);
        assertEquals(0.0625, SignedRankTest.minP(5), 1e-12);
        assertEquals(0.03125, SignedRankTest.minP(6), 1e-12);
        Comparison c = SignedRankTest.compare(new double[] {2, 2.2, 1.9}, new double[] {1, 1, 1}, Stats.ALPHA);
        assertEquals(0.25, c.p(), 1e-12, "3 pairs all one side is p = 0.25, not significant");
        assertFalse(c.differs(Stats.ALPHA));
    }

    @Test
    void pairedTestCancelsSharedSlowSpells() {
        // ours ~0.72x LMAX in every pair, while the box's speed swings 7x between pairs
        double[] spell = {1, 0.3, 1.4, 0.5, 0.35, 1.3, 0.6, 1.2};
        double[] ours = new double[8];
        double[] lmax = new double[8];
        for (int i = 0; i < 8; i++) {
            lmax[i] = 120e6 * spell[i] * (1 + 0.03 * Math.sin(i));
            ours[i] = 0.72 * 120e6 * spell[i] * (1 + 0.03 * Math.cos(i));
        }
        Comparison paired = SignedRankTest.compare(ours, lmax, Stats.ALPHA);
        assertEquals(2.0 / 256, paired.p(), 1e-12);
        assertTrue(paired.hi() < 1 && paired.ratio() > 0.68 && paired.ratio() < 0.76, paired.describe());
        assertTrue(paired.level() >= Stats.LEVEL, "8 pairs reach 95 %: " + paired.level());
        assertFalse(RankTest.compare(ours, lmax, Stats.ALPHA).differs(Stats.ALPHA), "unpaired, the spells swamp it");
    }

    @Test
    void signedRankWithTiesIsExact() {
        // |d| = 1,1,2 (mid-ranks 1.5,1.5,3), signs + - +: W+ = 4.5 of mean 3; the 8 flips give W+ = 0, 1.5, 1.5, 3,
        // 3, 4.5, 4.5, 6, of which 6 lie at least 1.5 from 3
        Comparison c = SignedRankTest.compare(new double[] {Math.E, 1 / Math.E, Math.exp(2)}, new double[] {1, 1, 1}, Stats.ALPHA);
        assertEquals(0.75, c.p(), 1e-12);
    }

    @Test
    void holmIsStepDown() {
        double[] adj = Holm.adjust(new double[] {0.01, 0.04, 0.03, Double.NaN});
        assertArrayEquals(new double[] {0.03, 0.06, 0.06}, new double[] {adj[0], adj[1], adj[2]}, 1e-12);
        assertTrue(Double.isNaN(adj[3]));
    }

    @Test
    void lettersFollowThePairwiseTestsNotTheBest() {
        // 0 differs from 2 only: 0 and 1 share a, 1 and 2 share b
        boolean[][] d = new boolean[3][3];
        d[0][2] = d[2][0] = true;
        assertArrayEquals(new String[] {"a", "ab", "b"}, Letters.of(3, d));
        assertArrayEquals(new String[] {"a", "a", "a"}, Letters.of(3, new boolean[3][3]));
    }

    @Test
    void aClearWinnerIsNamedAndGroupsHoldNoSeparatedPair() {
        double[] fast = {30, 31, 32, 33, 34, 35};
        double[] mid = {20, 21, 22, 23, 24, 25};
        double[] mid2 = {21, 20, 23, 22, 25, 24}; // mid's values, rounds swapped: no round-by-round offset
        Ranking r = Stats.rank(List.of(mid, fast, mid2), true);
        assertEquals(1, r.best());
        assertEquals(1, r.winner(), r.method());
        assertEquals("a", r.letters(1));
        assertEquals("b", r.letters(0));
        assertEquals("b", r.letters(2));
        assertEquals("", r.unresolvable());
    }

    @Test
    void threeRoundsThatAgreeAreResolvedByTheStudysTest() {
        // the study's t-type test reaches α with 3 rounds where the forks agree (docs/statistics.md §3)
        Ranking r = Stats.rank(List.of(new double[] {1, 1.1, 1.2}, new double[] {10, 11.5, 12}), true);
        assertEquals(1, r.winner());
        assertEquals("", r.unresolvable());
    }

    @Test
    void aRowLeftUntestedBlocksAWinner() {
        double[] fast = {30, 31, 32, 33, 34, 35};
        double[] slow = {20, 21, 22, 23, 24, 25};
        Ranking r = Stats.rank(java.util.Arrays.asList(fast, slow, new double[] {99}), true);
        assertEquals(-1, r.winner(), "the one-fork row was never beaten");
        assertEquals("no test verdict (1 fork on a side; a verdict needs 3)", SignedRankTest.compare(new double[] {2}, new double[] {1}, Stats.ALPHA).verdict(Double.NaN, 1, "up", "down"));
    }

    @Test
    void oneForkRowsAreNotTested() {
        Ranking r = Stats.rank(List.of(new double[] {1}, new double[] {10, 11, 12, 13, 14}), true);
        assertEquals(0, r.pairs());
        assertEquals(-1, r.winner());
        assertEquals("", r.letters(0));
    }

    @Test
    void bimodalityIsUntestableBelowFourForks() {
        assertEquals("untestable", Stats.bimodality(new double[] {230, 800, 240}));
        assertEquals("true", Stats.bimodality(new double[] {231, 812, 230, 240, 800, 790}));
    }

    @Test
    void pValuesPrintShort() {
        assertEquals("0.05", Stats.formatP(0.05));
        assertEquals("0.1", Stats.formatP(0.1));
        assertEquals("0.0076", Stats.formatP(0.0075757));
    }
}
