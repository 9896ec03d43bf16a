package handoff.harness.echo;

import handoff.harness.testing.Fixtures;
import handoff.harness.testing.RoundTrip;
import handoff.harness.trial.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The echo suite's trial records, written and read back, a part under its prefix. */
class EchoRecordsTest {
    @TempDir
    Path dir;

    @Test
    void configPartsAndResultRoundTrip() {
        RoundTrip.check(EchoConfig.CODEC, new EchoConfig("inline", "n/a"), "", dir);
        RoundTrip.check(EchoPart.CODEC, new EchoPart(Status.ok(), 0, 0, 0, 0, 20_000L, null,
                new EchoPart.Measured(Fixtures.histogram(), 3, 66_670, Fixtures.usage(), "123.0", null, null)), "c4.", dir);
        RoundTrip.check(EchoPart.CODEC, new EchoPart(Status.ok(), 2, 0, 0, 0, 9_000L, 30_000.0,
                new EchoPart.Measured(Fixtures.histogram(), 3, 29_990, Fixtures.usage(), "", 12.5, "steady")), "o90.", dir);
        RoundTrip.check(EchoPart.CODEC, new EchoPart(Status.failed("N=1: 1 lost"), 1, 0, 0, 0, 10L, null, null), "c1.", dir);
        assertThat(RoundTrip.check(EchoPart.CODEC, EchoPart.only(Status.failed("not run")), "c2.", dir).keySet())
                .contains("c2.status", "c2.lost").doesNotContain("c2.sent");
        RoundTrip.check(EchoResult.CODEC, new EchoResult(Status.ok(), "0.5", null), "", dir);
        RoundTrip.check(EchoResult.CODEC, new EchoResult(Status.failed("port held"), "", "port 4000 still bound"), "", dir);
    }
}
