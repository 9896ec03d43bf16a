package handoff.harness.pipeline;

import handoff.harness.results.TrialProperties;
import handoff.harness.stats.ForkPlanner;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pipeline suite's declared tables: the configurations that differ only in transport and wait rank in one table
 * (one family of pairs), so the sweep plans their further rounds together; another producer count is another table.
 */
class PipelineJudgedTest {
    private static TrialSpec spec(String transport, String wait, String producers) {
        return new TrialSpec("pipeline", TrialProperties.of(Map.of("transport", transport, "producers", producers, "wait", wait,
                "work", "1", "workers", "1")), TrialProperties.of(Map.of("fork", "0")));
    }

    @Test
    void rowsThatDifferOnlyInTransportAndWaitShareATable() {
        List<TrialSpec> planned = List.of(spec("abq", "park", "1"), spec("lbq", "block", "1"), spec("clq", "park", "1"),
                spec("abq", "park", "2"), spec("lbq", "park", "2"));
        List<List<ForkPlanner.Pair>> families = new PipelineSuite().judged(null, planned).families();
        assertThat(families).hasSize(2);
        assertThat(families.get(0)).hasSize(3); // 3 rows of P = 1: every pair
        assertThat(families.get(1)).hasSize(1); // 2 rows of P = 2
    }
}
