package handoff.harness.versus;

import handoff.harness.testing.RoundTrip;
import handoff.harness.trial.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The disruptor suite's trial records, written and read back, a side's forks under its prefix. */
class VersusRecordsTest {
    @TempDir
    Path dir;

    @Test
    void configOutcomeAndSidesRoundTrip() {
        RoundTrip.check(VersusTrial.Config.CODEC, new VersusTrial.Config("unicast_1p1c", "yield"), "", dir);
        RoundTrip.check(VersusTrial.Outcome.CODEC, new VersusTrial.Outcome(Status.ok(), "disruptor;lmax", "ops/s"), "", dir);
        RoundTrip.check(VersusTrial.SideForks.CODEC, new VersusTrial.SideForks(new double[] {12_345_678.5, 11_000_000},
                new double[] {Double.NaN, 0.0001}, new double[] {80.25, 81}), "disruptor_", dir);
    }
}
