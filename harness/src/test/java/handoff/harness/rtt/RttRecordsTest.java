package handoff.harness.rtt;

import handoff.harness.testing.Fixtures;
import handoff.harness.testing.RoundTrip;
import handoff.harness.trial.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The RTT suite's trial records, written as the plan and the trial JVM write them and read back as the fold reads them. */
class RttRecordsTest {
    @TempDir
    Path dir;

    @Test
    void configAndResultRoundTrip() {
        RoundTrip.check(RttConfig.CODEC, new RttConfig("disruptor", 1, 100, "spin", "sp", "pooled"), "", dir);
        RoundTrip.check(RttConfig.CODEC, new RttConfig(RttSuite.CLOCK, 1, 1, "n/a", null, null), "", dir);
        RoundTrip.check(RttResult.CODEC, new RttResult(Status.ok(), "", 5_000L, Fixtures.usage(), Fixtures.histogram(),
                "hlog/x.hlog"), "", dir);
        RoundTrip.check(RttResult.CODEC, new RttResult(Status.ok(), null, 3L, null, Fixtures.histogram(), null), "", dir);
        assertThat(RoundTrip.check(RttResult.CODEC, RttResult.failed(Status.failed("stuck")), "", dir).keySet())
                .containsExactly("status");
    }
}
