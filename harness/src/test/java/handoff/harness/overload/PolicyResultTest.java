package handoff.harness.overload;

import handoff.harness.results.Histograms;
import handoff.harness.testing.RoundTrip;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The overload suite's trial record, written as the trial JVM writes it and read back as the fold reads it. */
class PolicyResultTest {
    @TempDir
    Path dir;

    @Test
    void anOkRunAndAFailedOneRoundTripUnderTheirPrefix() {
        Histogram h = Histograms.newNanos();
        h.recordValue(2_500);
        PolicyResult ok = new PolicyResult(Status.ok(), new PolicyResult.Figures(100_000, 99_500, 1000, 990, 5, 3, 1010, 98_000, h,
                2, "steady", 12.5, 340, 1.25, 128, Double.NaN, 3, 0.75));
        assertThat(RoundTrip.check(PolicyResult.CODEC, ok, "drop@90.", dir).get("drop@90.offered_achieved_eps"))
                .isEqualTo("99500");
        PolicyResult failed = new PolicyResult(Status.failed("stalled"), null);
        assertThat(RoundTrip.check(PolicyResult.CODEC, failed, "block@50.", dir).keySet())
                .containsExactly("status", "block@50.status");
    }
}
