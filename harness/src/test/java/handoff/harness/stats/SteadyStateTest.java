package handoff.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SteadyStateTest {
    @Test
    void aDrainingWarmUpIsATrendAndAFlatNoisySeriesIsNot() {
        // p50s of a draining backlog: 40 ms falling to 2 ms, as the reference run's first 0.3 s showed
        double[] draining = {40e6, 31e6, 22e6, 15e6, 9e6, 5e6, 3e6, 2.2e6};
        assertThat(SteadyState.trend(draining, 0, draining.length)).isTrue();
        assertThat(SteadyState.settled(draining, draining.length)).isFalse();
        double[] filling = {2e6, 2.5e6, 3.1e6, 4e6, 5e6, 6e6, 7.4e6, 9e6, 11e6, 13e6};
        assertThat(SteadyState.verdict(filling)).isEqualTo(SteadyState.NOT_STEADY);
        // flat, with one multi-millisecond deschedule in the middle: steady
        double[] flat = {30e3, 31e3, 29e3, 30e3, 4e6, 30e3, 29e3, 31e3};
        assertThat(SteadyState.settled(flat, flat.length)).isTrue();
        assertThat(SteadyState.verdict(flat)).isEqualTo(SteadyState.STEADY);
    }

    @Test
    void aSignificantButImmaterialDriftIsSteady() {
        double[] creeping = {30.0e3, 30.1e3, 30.2e3, 30.3e3, 30.4e3, 30.5e3, 30.6e3, 30.7e3};
        assertThat(SteadyState.kendallS(creeping, 0, creeping.length)).isEqualTo(28);
        assertThat(SteadyState.trend(creeping, 0, creeping.length)).isFalse();
    }

    @Test
    void noiseAloneIsFlaggedRarely() {
        Random rnd = new Random(26);
        int flagged = 0;
        for (int k = 0; k < 2_000; k++) {
            double[] x = new double[10];
            for (int i = 0; i < x.length; i++) {
                x[i] = 30e3 * Math.exp(0.3 * rnd.nextGaussian());
            }
            flagged += SteadyState.trend(x, 0, x.length) ? 1 : 0;
        }
        System.out.printf("steady-state test: %d of 2000 flat noisy series flagged%n", flagged);
        // heavy (log-normal, 30 %) noise: the trend test alone flags ~5 %; materiality must bring it well under that
        assertThat(flagged).isLessThan(2_000 * 5 / 100);
    }

    /** Judged afterwards (echo, overload): the steady part starts after the drain, within the cap, or never. */
    @Test
    void theSteadyPartStartsWhereTheDrainEnds() {
        double[] x = {40e6, 25e6, 12e6, 5e6, 31e3, 30e3, 29e3, 31e3, 30e3, 32e3, 30e3, 29e3, 31e3, 30e3};
        int s = SteadyState.steadyStart(x, 7);
        assertThat(s).as("the first flat interval, not the drain's tail").isEqualTo(4);
        assertThat(SteadyState.trend(x, s, x.length)).isFalse();
        double[] rising = {1e6, 2e6, 3e6, 4e6, 5e6, 6e6, 7e6, 8e6, 9e6, 10e6, 11e6, 12e6};
        assertThat(SteadyState.steadyStart(rising, 4)).isEqualTo(-1);
    }

    @Test
    void tooFewIntervalsAreNotSettled() {
        assertThat(SteadyState.settled(new double[] {1, 1, 1}, 3)).isFalse();
    }

    /**
     * The statistics by value: S of [1, 3, 2, 2, 5] counted by hand (7 increasing pairs, 2 decreasing, a tie) is 5; the
     * Theil–Sen slopes are scipy 1.17.1's stats.theilslopes(x).slope: 0.5833333333333333 and, for the rising window
     * [10, 12, 11, 13, 14, 13, 15, 16] (S = 23, (|S| − 1)/sd = 2.72 > 1.96), 0.7083333333333333.
     */
    @Test
    void theStatisticsByValue() {
        double[] x = {1, 3, 2, 2, 5};
        assertEquals(5, SteadyState.kendallS(x, 0, 5));
        assertEquals(-1, SteadyState.kendallS(new double[] {2, 1}, 0, 2));
        assertEquals(0.5833333333333333, SteadyState.senSlope(x, 0, 5), 1e-12);
        double[] rising = {10, 12, 11, 13, 14, 13, 15, 16};
        assertEquals(23, SteadyState.kendallS(rising, 0, 8));
        assertEquals(0.7083333333333333, SteadyState.senSlope(rising, 0, 8), 1e-12);
        assertTrue(SteadyState.trend(rising, 0, 8));
        assertEquals(SteadyState.NOT_STEADY, SteadyState.verdict(rising));
        // the same ranks on a level of 1,000: significant, but 5 units over 1,000 is no material move
        double[] level = java.util.Arrays.stream(rising).map(v -> 1000 + v).toArray();
        assertFalse(SteadyState.trend(level, 0, 8));
        assertEquals(SteadyState.STEADY, SteadyState.verdict(level));
        assertFalse(SteadyState.trend(new double[] {10, 12, 11, 13, 14, 13, 12, 11}, 0, 8), "S = 5: no trend");
        assertFalse(SteadyState.trend(new double[] {1, 2, 3}, 0, 3), "three values: no test");
        // a window of 8 that starts rising and then is flat: settled only once the last 8 are flat
        double[] settling = {10, 12, 11, 13, 14, 13, 15, 16, 15, 16, 15, 16, 15, 16, 15, 16};
        assertFalse(SteadyState.settled(settling, 7), "fewer than a window");
        assertFalse(SteadyState.settled(settling, 8));
        assertTrue(SteadyState.settled(settling, 16));
        // a drain's last outliers are not kept: steady from the first value not above twice the median of the rest
        double[] drain = {12_000, 5_000, 30, 31, 30, 29, 31, 30, 30, 31, 30, 29};
        assertEquals(2, SteadyState.steadyStart(drain, 4));
        assertEquals(-1, SteadyState.steadyStart(drain, 1), "not settled within its cap");
        assertEquals(-1, SteadyState.steadyStart(new double[] {1, 2, 3}, 4), "shorter than a window");
    }
}
