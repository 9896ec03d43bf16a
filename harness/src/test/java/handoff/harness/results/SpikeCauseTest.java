package handoff.harness.results;

import org.junit.jupiter.api.Test;

import static handoff.harness.results.SpikeCause.Evidence;
import static org.assertj.core.api.Assertions.assertThat;

/** The spike rule: each cause at half the spike, the order between causes, and unmeasured causes that explain nothing. */
class SpikeCauseTest {
    private static final double NAN = Double.NaN;
    private static final double SPIKE = 1_000_000; // 1 ms

    @Test
    void eachCauseExplainsASpikeFromHalfItsLength() {
        assertThat(SpikeCause.of(SPIKE, new Evidence(500_000, NAN, NAN, NAN))).isEqualTo(SpikeCause.GC);
        assertThat(SpikeCause.of(SPIKE, new Evidence(NAN, 500_000, NAN, NAN))).isEqualTo(SpikeCause.SAFEPOINT);
        assertThat(SpikeCause.of(SPIKE, new Evidence(NAN, NAN, 500_000, NAN))).isEqualTo(SpikeCause.DESCHEDULED);
        assertThat(SpikeCause.of(SPIKE, new Evidence(NAN, NAN, NAN, 500_000))).isEqualTo(SpikeCause.BOX_STALL);
    }

    @Test
    void lessThanHalfTheSpikeExplainsNothing() {
        assertThat(SpikeCause.of(SPIKE, new Evidence(499_999, 499_999, 499_999, 499_999))).isEqualTo(SpikeCause.UNEXPLAINED);
        assertThat(SpikeCause.of(SPIKE, new Evidence(0, 0, 0, 0))).isEqualTo(SpikeCause.UNEXPLAINED);
    }

    @Test
    void theMoreSpecificCauseWinsWhenSeveralReachHalf() {
        assertThat(SpikeCause.of(SPIKE, new Evidence(600_000, 900_000, 900_000, 900_000))).isEqualTo(SpikeCause.GC);
        assertThat(SpikeCause.of(SPIKE, new Evidence(0, 600_000, 900_000, 900_000))).isEqualTo(SpikeCause.SAFEPOINT);
        assertThat(SpikeCause.of(SPIKE, new Evidence(0, 0, 600_000, 900_000))).isEqualTo(SpikeCause.DESCHEDULED);
        assertThat(SpikeCause.of(SPIKE, new Evidence(0, 0, 100, 900_000))).isEqualTo(SpikeCause.BOX_STALL);
    }

    @Test
    void anUnmeasuredCauseNeverExplains() {
        assertThat(SpikeCause.of(SPIKE, Evidence.NONE)).isEqualTo(SpikeCause.UNEXPLAINED);
        assertThat(SpikeCause.of(SPIKE, new Evidence(NAN, NAN, NAN, 2_000_000))).isEqualTo(SpikeCause.BOX_STALL);
    }
}
