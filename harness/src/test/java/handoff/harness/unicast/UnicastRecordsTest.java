package handoff.harness.unicast;

import handoff.harness.testing.RoundTrip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The unicast suite's trial record beside its JMH result ({@code JmhResultTest}), written and read back. */
class UnicastRecordsTest {
    @TempDir
    Path dir;

    @Test
    void configRoundTrips() {
        RoundTrip.check(UnicastCsv.Config.CODEC, new UnicastCsv.Config("flow", "park", 50_000L), "", dir);
    }
}
