package handoff.harness.trial;

import handoff.harness.testing.RoundTrip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** What the sweep and the trial JVM record of every trial, written and read back. */
class TrialFactsTest {
    @TempDir
    Path dir;

    @Test
    void factsAndRuntimeCellsRoundTrip() {
        RoundTrip.check(TrialFacts.CODEC, new TrialFacts("rtt_abq_p1", "rtt_abq_p1_f0", "rtt", 2, 2, false, "cpus 0,1"), "", dir);
        RoundTrip.check(TrialFacts.CODEC, TrialFacts.placed("unpinned"), "", dir);
        RoundTrip.check(RuntimeCells.CODEC, new RuntimeCells("head", "25", "zgc", "virtual", "25.0.1+8", "generational",
                "ZGC_Cycles+ZGC_Pauses"), "", dir);
    }
}
