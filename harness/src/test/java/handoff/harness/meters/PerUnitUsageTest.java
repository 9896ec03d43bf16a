package handoff.harness.meters;

import handoff.harness.testing.Fixtures;
import handoff.harness.testing.RoundTrip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The resource meter's figures per unit, under each unit's keys, written and read back. */
class PerUnitUsageTest {
    @TempDir
    Path dir;

    @Test
    void eachUnitRoundTripsUnderItsOwnKeys() {
        assertThat(RoundTrip.check(PerUnitUsage.PER_OP, Fixtures.usage(), "", dir).keySet()).contains("alloc_bytes_per_op",
                "cpu_ns_per_op", "vcsw_per_op");
        assertThat(RoundTrip.check(PerUnitUsage.PER_EVENT, Fixtures.usage(), "", dir).keySet()).contains("alloc_bytes_per_event");
        assertThat(RoundTrip.check(PerUnitUsage.PER_REQUEST, Fixtures.usage(), "c4.", dir).keySet())
                .contains("c4.cpu_ns_per_request");
        assertThat(PerUnitUsage.PER_OP.read(handoff.harness.results.TrialProperties.empty()).why())
                .as("a trial without why-metrics").isEqualTo(WhyMetrics.PerOp.UNKNOWN);
    }
}
