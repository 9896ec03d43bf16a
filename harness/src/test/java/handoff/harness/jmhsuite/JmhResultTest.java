package handoff.harness.jmhsuite;

import handoff.harness.meters.WhyMetrics;
import handoff.harness.testing.RoundTrip;
import handoff.harness.trial.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A JMH invocation's result, written as its trial JVM writes it and read back as the folds read it. */
class JmhResultTest {
    @TempDir
    Path dir;

    @Test
    void anOkResultWithAndWithoutCountersAndAFailedOneRoundTrip() {
        JmhResult.Measured m = new JmhResult.Measured(1_234_567.5, Double.NaN, "ops/s", 1_200_000, 1_300_000, 0.0012, 2,
                3.5, 812.5, Double.NaN, new WhyMetrics.PerOp(0.001, 0, 400, 412.5, 3),
                new JmhResult.Perf(1_234.5, 2_001, 0.25), "jmh/x.json", "1.000;2.000|3.000", true);
        RoundTrip.check(JmhResult.CODEC, new JmhResult("ok", null, Status.ok(), 1, m), "", dir);
        JmhResult noPerf = new JmhResult("n/a: no perf", "profiles/x", Status.ok(), 1,
                new JmhResult.Measured(5, 0.25, "ms/op", 5, 5, 64, 0, 0, Double.NaN, Double.NaN, WhyMetrics.PerOp.UNKNOWN,
                        null, "jmh/y.json", "5.000", false));
        assertThat(RoundTrip.check(JmhResult.CODEC, noPerf, "", dir).keySet()).doesNotContain("cycles_per_op");
        assertThat(RoundTrip.check(JmhResult.CODEC, new JmhResult("ok", null, Status.failed("JMH: boom"), null, null), "",
                dir).keySet()).containsExactlyInAnyOrder("status", "perfnorm");
    }
}
