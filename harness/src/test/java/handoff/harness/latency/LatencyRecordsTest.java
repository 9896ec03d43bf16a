package handoff.harness.latency;

import handoff.harness.testing.Fixtures;
import handoff.harness.testing.RoundTrip;
import handoff.harness.trial.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The latency suite's trial records, written and read back. */
class LatencyRecordsTest {
    @TempDir
    Path dir;

    @Test
    void configSearchAndWindowRoundTrip() {
        RoundTrip.check(LatencyConfig.CODEC, new LatencyConfig("abq", 1, "park", 1, "common", "50", null), "", dir);
        RoundTrip.check(LatencyConfig.CODEC, new LatencyConfig("abq", 1, "park", 1, "sustainable", "", 250_000.0), "", dir);
        RoundTrip.check(LatencyResult.CODEC, new LatencyResult(Status.ok(), null, "spin",
                new LatencyTrial.Search("123457", "", "1000000", 9, "100000:kept-up:3000 200000:fell-behind:", "2500000"),
                null), "", dir);
        RoundTrip.check(LatencyResult.CODEC, new LatencyResult(Status.ok(), 50_000.0, "park", null,
                new LatencyResult.Window(Double.NaN, 49_990, 24_995L, 12, 3_075, false, 31.5, "steady", 0.25,
                        Fixtures.usage(), Fixtures.histogram(), Fixtures.histogram(80), "hlog/l.hlog",
                        Fixtures.histogram(10), Fixtures.histogram(20), null)), "", dir);
        RoundTrip.check(LatencyResult.CODEC, LatencyResult.ended(Status.skipped("no rate"), null), "", dir);
    }
}
