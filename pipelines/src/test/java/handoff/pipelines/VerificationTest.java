package handoff.pipelines;

import handoff.queues.FaultyTransport;

import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Verification can fail: a transport that loses, duplicates or alters one event in 5,000 is caught. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class VerificationTest {
    private static final long EVENTS = 5_000;

    /** Runs EVENTS through the faulty transport, two producers; returns verify()'s answer. */
    private static Pipeline run(Transport transport, long expectArrivals) throws InterruptedException {
        Pipeline pipeline = Pipeline.over(transport).producers(2).waitStrategy(Wait.BLOCK).capacity(256).start();
        try {
            Drive.publishAll(pipeline, Drive.split(EVENTS, 2));
            Drive.awaitQuiet(pipeline, expectArrivals, Duration.ofMillis(200));
        } finally {
            pipeline.halt();
        }
        return pipeline;
    }

    private static String verify(Pipeline pipeline) {
        return pipeline.verify(EVENTS, pipeline.orders().expectedChecksum(Drive.split(EVENTS, 2)));
    }

    private static Transport abqWith(FaultyTransport.Fault fault, long at) {
        return FaultyTransport.of(Transports.get("abq"), fault, at);
    }

    /** One digit of the quantity changes in flight: still a valid line, different content. */
    private static Transport abqCorrupting(long at) {
        return FaultyTransport.mutating(Transports.get("abq"), at, e -> {
            OrderEvent o = (OrderEvent) e;
            int last = o.length - 1; // the quantity's last digit
            o.payload[last] = (byte) (o.payload[last] == '9' ? '8' : o.payload[last] + 1);
        });
    }

    /** The line stops being parseable: a stage throws. */
    private static Transport abqGarbling(long at) {
        return FaultyTransport.mutating(Transports.get("abq"), at, e -> ((OrderEvent) e).payload[0] = '?');
    }

    @Test
    void theUnalteredTransportPasses() throws InterruptedException {
        assertThat(verify(run(Transports.get("abq"), EVENTS))).isNull();
    }

    @Test
    void aLostEventIsReported() throws InterruptedException {
        assertThat(verify(run(abqWith(FaultyTransport.Fault.DROP, 1_234), EVENTS - 1))).isEqualTo("lost 1 event");
    }

    @Test
    void aDuplicatedEventIsReported() throws InterruptedException {
        assertThat(verify(run(abqWith(FaultyTransport.Fault.DUPLICATE, 4_321), EVENTS + 1)))
                .isEqualTo("1 event too many (duplicated)");
    }

    @Test
    void aLossHiddenByADuplicateStillFailsTheChecksum() throws InterruptedException {
        Transport both = FaultyTransport.of(abqWith(FaultyTransport.Fault.DROP, 10), FaultyTransport.Fault.DUPLICATE, 3_000);
        assertThat(verify(run(both, EVENTS))).startsWith("checksum mismatch");
    }

    @Test
    void contentChangedInFlightFailsTheChecksum() throws InterruptedException {
        assertThat(verify(run(abqCorrupting(77), EVENTS))).startsWith("checksum mismatch");
    }

    @Test
    void aStageExceptionIsRecordedAndFailsVerification() throws InterruptedException {
        Pipeline pipeline = run(abqGarbling(500), EVENTS);
        assertThat(pipeline.errors()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed order line '?");
        // parse threw, so enrich and aggregate refused the half-done event too: three errors, one event
        assertThat(pipeline.errorCount()).isEqualTo(3);
        assertThat(pipeline.processed()).isEqualTo(EVENTS);
        assertThat(verify(pipeline)).startsWith("3 handler errors, first: java.lang.IllegalArgumentException");
    }
}
