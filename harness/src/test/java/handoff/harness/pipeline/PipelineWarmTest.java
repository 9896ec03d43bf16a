package handoff.harness.pipeline;

import handoff.harness.testing.Trials;

import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Forks;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A JMH row carries the warm-up check over its forks' measured iterations into pipeline.csv. */
class PipelineWarmTest {
    private static TrialProperties fork(String config, int fork, String iterations) {
        TrialProperties.Builder t = Trials.cells(Forks.CONFIG_KEY, config, "transport", "abq", "status", "ok",
                "fork", Integer.toString(fork), "score", "1000000", "iteration_scores", iterations,
                "higher_is_better", "true", "capacity", "1024");
        return t.build();
    }

    @Test
    void forksStillSpeedingUpAreFlaggedNotWarmAndFlatOnesAreNot() {
        List<TrialProperties> trials = List.of(
                fork("warming", 0, "1.0E6;1.2E6;1.5E6"), fork("warming", 1, "0.9E6;1.1E6;1.3E6"), fork("warming", 2, "1.0E6;1.4E6;1.6E6"),
                fork("flat", 0, "1.0E6;1.1E6;1.05E6"), fork("flat", 1, "1.1E6;1.0E6;1.05E6"), fork("flat", 2, "1.05E6;1.1E6;1.0E6"));
        List<Map<String, String>> rows = rows(trials, Path.of("."));
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).containsEntry("not_warm", "true");
        assertThat(Double.parseDouble(rows.get(0).get("warm_trend_p"))).isLessThan(0.05);
        assertThat(rows.get(1)).containsEntry("not_warm", "false");
        assertThat(PipelineCsv.TABLE.header()).contains("warm_trend_p", "not_warm", "buffer_events");
        assertThat(rows.get(0)).as("abq: a queue of 1,024 per hop, 3 hops").containsEntry("buffer_events", "3072");
        assertThat(PipelineAxes.bufferEvents("disruptor", "1024", "per-hop")).as("one ring").isEqualTo("1024");
    }

    /** The suite's rows of these trials, as pipeline.csv holds them (read back through its column table). */
    private static List<Map<String, String>> rows(List<TrialProperties> trials, Path runDir) {
        return PipelineCsv.TABLE.read(new PipelineSuite().csv(trials, runDir));
    }
}
