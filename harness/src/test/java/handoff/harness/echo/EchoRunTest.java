package handoff.harness.echo;

import handoff.harness.meters.TrialThreads;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;

import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The trial's accounting: a dropped reply is counted and fails the closed-loop part; a port that cannot be
 * bound fails the trial; a clean run has ok parts with numbers and a free port afterwards. Windows are tiny
 * and the fault's position is reached by count (minRequests), not by the clock, so a slow box cannot skip it.
 */
class EchoRunTest {
    /** No warm-up, so that every round trip is a sample: at least {@code minRequests} of them however slow the box. */
    private static EchoRun.Settings settings(String variant, long minRequests, long dropAt, int port, List<Integer> loads) {
        return new EchoRun.Settings(variant, variant.equals("rings") ? Transports.get("disruptor") : null, Wait.PARK, 64,
                List.of(1, 4), loads, 0, 50, 2_000, minRequests, dropAt, port);
    }

    @Test
    void aDroppedReplyIsCountedAndFailsTheClosedLoopTrial() throws Exception {
        for (String variant : List.of(EchoSuite.INLINE, "rings", EchoSuite.BLOCKING)) {
            Map<String, String> r = EchoRun.run(settings(variant, EchoSuite.DROP_AT, EchoSuite.DROP_AT, 0, List.of(50)), new TrialThreads(List.of())).asMap();
            assertThat(r.get("c1.status")).as(variant).startsWith("failed:N=1: 1 lost");
            assertThat(r.get("c1.lost")).as(variant).isEqualTo("1");
            assertThat(r).as(variant).doesNotContainKey("c1.histogram");
            assertThat(r.get("c4.status")).as(variant).startsWith("failed:not run");
            assertThat(r.get("o50.status")).as(variant).startsWith("failed:not run");
            assertThat(r.get("status")).as(variant).isEqualTo(r.get("c1.status"));
            assertThat(r).as(variant + ": the server still stopped cleanly").doesNotContainKey("left_behind");
        }
    }

    @Test
    void aPortThatCannotBeBoundFailsTheTrial() throws Exception {
        try (DatagramChannel taken = EchoRun.takePort()) {
            Map<String, String> r = EchoRun.run(settings(EchoSuite.INLINE, 0, 0, EchoRun.port(taken), List.of()),
                    new TrialThreads(List.of())).asMap();
            assertThat(r.get("status")).startsWith("failed:cannot bind 127.0.0.1:" + EchoRun.port(taken));
        }
    }

    @Test
    void aCleanTrialHasNumbersForEveryPart() throws Exception {
        Map<String, String> r = EchoRun.run(settings("rings", 200, 0, 0, List.of(50)), new TrialThreads(List.of())).asMap();
        assertThat(r.get("status")).isEqualTo("ok");
        for (String part : List.of("c1", "c4", "o50")) {
            assertThat(r.get(part + ".status")).as(part).isEqualTo("ok");
            assertThat(Long.parseLong(r.get(part + ".samples"))).as(part).isPositive();
            assertThat(r).as(part).containsKeys(part + ".histogram", part + ".cpu_ns_per_request", part + ".throughput_rps");
            assertThat(r.get(part + ".corrupted")).as(part).isEqualTo("0");
        }
        assertThat(Double.parseDouble(r.get("o50.offered_rps"))).isPositive();
    }
}
