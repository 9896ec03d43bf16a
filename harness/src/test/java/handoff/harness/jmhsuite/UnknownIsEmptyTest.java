package handoff.harness.jmhsuite;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A value that was not measured is empty, never 0 (percentiles of a histogram without samples: latency's
 * ForkPercentilesTest).
 */
class UnknownIsEmptyTest {
    @Test
    void aMissingJmhMetricIsEmpty() {
        assertEquals(Double.NaN, JmhExtras.score(Map.of(), "gc.alloc.rate.norm"));
        assertEquals(Double.NaN, JmhRunner.threadsCpu(Map.of()));
        JmhResult.Measured m = new JmhResult.Measured(1, Double.NaN, "ops/s", 1, 1, JmhExtras.score(Map.of(), "gc.alloc.rate.norm"),
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, handoff.harness.meters.WhyMetrics.PerOp.UNKNOWN, null, "j",
                "", true);
        assertEquals("", JmhResult.Measured.CODEC.properties(m).get("alloc_bytes_per_op"));
    }
}
