package handoff.harness.pipeline;

import handoff.harness.testing.RoundTrip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The pipeline suite's trial records beside its JMH result ({@code JmhResultTest}), written and read back. */
class PipelineRecordsTest {
    @TempDir
    Path dir;

    @Test
    void configAndRatiosRoundTrip() {
        RoundTrip.check(PipelineConfig.CODEC, new PipelineConfig("abq", 1, "park", "1", "2:2:1", "batch", "per-hop"), "", dir);
        RoundTrip.check(HandoffRatios.CODEC, new HandoffRatios(4.5, 50, Double.NaN), "", dir);
    }
}
