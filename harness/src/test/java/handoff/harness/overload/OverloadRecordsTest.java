package handoff.harness.overload;

import handoff.harness.testing.RoundTrip;
import handoff.harness.trial.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The overload suite's trial records beside its runs ({@link PolicyResultTest}), written and read back. */
class OverloadRecordsTest {
    @TempDir
    Path dir;

    @Test
    void configAndResultRoundTrip() {
        RoundTrip.check(OverloadConfig.CODEC, new OverloadConfig("abq", 2, "park", 1), "", dir);
        RoundTrip.check(OverloadResult.CODEC, new OverloadResult(Status.ok(), RateBasis.PROBE.id(), 1_234_567.5), "", dir);
        RoundTrip.check(OverloadResult.CODEC, new OverloadResult(Status.skipped("no rate"), null, null), "", dir);
    }
}
