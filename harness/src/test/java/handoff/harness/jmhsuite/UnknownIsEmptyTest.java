package handoff.harness.jmhsuite;

import handoff.harness.results.Histograms;
import handoff.harness.trial.Forks;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A value that was not measured is empty, never 0. */
class UnknownIsEmptyTest {
    @Test
    void aMissingJmhMetricIsEmpty() {
        assertEquals("", JmhTrial.score(Map.of(), "gc.alloc.rate.norm"));
    }

    @Test
    void aHistogramWithoutSamplesHasNoPercentiles() {
        Map<String, String> row = new LinkedHashMap<>();
        Forks.putPercentiles(row, Histograms.newNanos(), "");
        for (String c : List.of("mean_ns", "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns")) {
            assertEquals("", row.get(c), c);
        }
    }
}
