package handoff.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatsTest {
    @Test
    void threeForksGiveTheRangeAtItsTrueCoverage() {
        Stats.Interval i = Stats.medianInterval(new double[] {5, 1, 3});
        assertEquals(3, i.centre());
        assertEquals(1, i.lo());
        assertEquals(5, i.hi());
        assertEquals(0.75, i.level(), 1e-9);
    }

    @Test
    void tenForksDropTheExtremes() {
        double[] xs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        Stats.Interval i = Stats.medianInterval(xs);
        assertEquals(5.5, i.centre());
        assertEquals(2, i.lo());
        assertEquals(9, i.hi());
        assertTrue(i.level() >= Stats.LEVEL, "coverage " + i.level());
        assertEquals(1 - 2 * 11.0 / 1024, i.level(), 1e-9);
    }

    @Test
    void overlappingIntervalsAreNeverAWinner() {
        Stats.Interval a = Stats.medianInterval(new double[] {10, 12, 14});
        Stats.Interval b = Stats.medianInterval(new double[] {13, 15, 17});
        assertFalse(Stats.separated(a, b));
        Stats.Interval c = Stats.medianInterval(new double[] {20, 21, 22});
        assertTrue(Stats.separated(a, c));
        assertTrue(Stats.separated(c, a));
        Stats.Interval single = Stats.medianInterval(new double[] {100});
        assertFalse(Stats.separated(a, single), "one fork has no interval and wins nothing");
    }

    @Test
    void pairedRatioCancelsSharedDrift() {
        // b is always 10 % slower than its partner a, while the box drifts 4x over the run
        double[] a = {100, 200, 400, 150, 300, 120, 250, 380, 90, 210};
        double[] b = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i] / 1.1;
        }
        Stats.Interval r = Stats.pairedRatio(a, b);
        assertEquals(1.1, r.centre(), 1e-9);
        assertTrue(Stats.differsFromOne(r));
        // unpaired medians of the same data overlap completely
        assertFalse(Stats.separated(Stats.medianInterval(a), Stats.medianInterval(b)));
    }

    @Test
    void ratioWithinNoiseDoesNotDifferFromOne() {
        double[] a = {1.0, 1.2, 0.9, 1.1, 0.95, 1.05};
        double[] b = {1.1, 1.0, 1.0, 1.0, 1.0, 1.0};
        assertFalse(Stats.differsFromOne(Stats.pairedRatio(a, b)));
    }

    @Test
    void twoClustersOfForksAreTwoModes() {
        double[] modes = Stats.modes(new double[] {231, 812, 230, 240, 800, 790});
        assertArrayEquals(new double[] {231, 800}, modes);
        assertNull(Stats.modes(new double[] {230, 240, 250, 260, 270, 280}), "one cluster");
        assertNull(Stats.modes(new double[] {230, 240, 250, 800}), "a single outlier is not a mode");
        assertNull(Stats.modes(new double[] {230, 800, 240}), "too few forks to tell");
    }

    @Test
    void interleaveIsRoundRobin() {
        List<String> order = Stats.interleave(List.of(List.of("a0", "a1", "a2"), List.of("b0", "b1"), List.of("c0", "c1", "c2")));
        assertEquals(List.of("a0", "b0", "c0", "a1", "b1", "c1", "a2", "c2"), order);
    }
}
