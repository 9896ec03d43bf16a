package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Translator;
import handoff.queues.Wait;
import handoff.queues.disruptor.Slip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code disruptor-noslip} is {@code disruptor} with slipping off, and nothing else: its chains' processors are built
 * with {@link Slip#OFF} and never hold, where {@code disruptor}'s hold for the same waiting events; it is a control
 * (not in the default set) with {@code disruptor}'s waits and idle policy. The same correctness tests as
 * {@code disruptor} run on it in {@link RingTransportsTest}, {@link EveryTransportOneHopTest},
 * {@link OfferAndDiscardTest} and {@link ConsumeModeTest}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DisruptorSlipTransportTest {
    private static final Translator<long[]> SEQ = (e, a, b) -> e[0] = a;
    private static final int EVENTS = 10_000;

    @Test
    void slipOffIsACopyOfDisruptorButForTheSlip() {
        DisruptorTransport on = (DisruptorTransport) Transports.get("disruptor");
        DisruptorTransport off = (DisruptorTransport) Transports.get(DisruptorTransport.NO_SLIP_ID);
        assertThat(on.slip()).isSameAs(Slip.DEFAULT);
        assertThat(off.slip()).isSameAs(Slip.OFF);
        assertThat(off.slip().nanos()).isZero();
        assertThat(off.control()).as("a control, added by the suites that need it").isTrue();
        assertThat(on.control()).isFalse();
        assertThat(Transports.study()).extracting(Transport::id).doesNotContain(DisruptorTransport.NO_SLIP_ID);
        assertThat(off.waits()).isEqualTo(on.waits());
        for (Wait w : on.waits()) {
            assertThat(off.idlePolicy(w)).as(w.id()).isEqualTo(on.idlePolicy(w));
        }
        assertThat(off.consumeModes()).isEqualTo(on.consumeModes());
    }

    /** Events waiting before the stages start: the path that slips. Ours holds for them; slip-off never does. */
    @Test
    void theSlipOffChainNeverHoldsWhereTheDefaultDoes() throws Exception {
        assertThat(run("disruptor").slip()).isSameAs(Slip.DEFAULT);
        assertThat(run("disruptor").slips()).as("disruptor: the first stage finds the first event waiting").isPositive();
        DisruptorTransport.Slipped off = run(DisruptorTransport.NO_SLIP_ID);
        assertThat(off.slip()).isSameAs(Slip.OFF);
        assertThat(off.slips()).as("disruptor-noslip").isZero();
    }

    private static DisruptorTransport.Slipped run(String id) throws Exception {
        AtomicLong seen = new AtomicLong();
        Handler<long[]> count = (e, endOfBatch) -> seen.incrementAndGet();
        Handler<long[]> pass = (e, endOfBatch) -> { };
        ChainSpec<long[]> spec = new ChainSpec<>(1024, 1, Wait.PARK, () -> new long[1], List.of(pass, pass, count),
                ThreadSource.DAEMON, failure -> { });
        Chain<long[]> chain = Transports.get(id).chain(spec);
        chain.publish(SEQ, 0, 0); // before start: the first stage's first look finds it, and only it, waiting
        chain.start();
        while (chain.processed() < 1) { // nothing more until it is through: a stage that starts late on a busy box
            Thread.sleep(1);            // would otherwise find 64 or more waiting and not slip
        }
        for (int i = 1; i < EVENTS; i++) {
            chain.publish(SEQ, i, 0);
        }
        while (chain.processed() < EVENTS) {
            Thread.sleep(1);
        }
        chain.halt();
        assertThat(seen.get()).isEqualTo(EVENTS);
        return (DisruptorTransport.Slipped) chain;
    }
}
