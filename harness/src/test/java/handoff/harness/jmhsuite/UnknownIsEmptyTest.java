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
        assertEquals("", JmhTrial.score(Map.of(), "gc.alloc.rate.norm"));
    }
}
