package handoff.harness.fanout;

import handoff.harness.testing.Fixtures;
import handoff.harness.testing.RoundTrip;
import handoff.harness.trial.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The fan-out suite's trial records, written and read back, a part under its prefix. */
class FanoutRecordsTest {
    @TempDir
    Path dir;

    @Test
    void configAndPartsRoundTrip() {
        RoundTrip.check(FanoutConfig.CODEC, new FanoutConfig("disruptor", "park", 4), "", dir);
        FanoutPart.Saturation saturation = new FanoutPart.Saturation(1_234_567, new double[] {1_200_000, 1_234_567.5},
                2_000, Fixtures.usage());
        RoundTrip.check(FanoutPart.CODEC, new FanoutPart(Status.ok(), saturation,
                new FanoutPart.OpenLoop(617_283.8, 3, 450, 9_000, 9_000, Fixtures.histogram())), "broker-shared.", dir);
        RoundTrip.check(FanoutPart.CODEC, new FanoutPart(Status.failed("open loop stalled"), saturation, null), "multicast.", dir);
        RoundTrip.check(FanoutPart.CODEC, new FanoutPart(Status.failed("not run"), null, null), "diamond.", dir);
    }
}
