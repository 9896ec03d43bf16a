package handoff.queues.adapters;

import handoff.queues.Buffering;
import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Consume;
import handoff.queues.HandoffCounts;
import handoff.queues.Handler;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Translator;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The consumer-mode axis (issue 29): a queue stage that takes one event per poll or drains its hop delivers every
 * event once and in order, and the chain's hand-off counts say which mode ran (batches of one, or of more); a full hop
 * shows as failed offers; rings count their batches and leave what they cannot see unknown; equal total buffering
 * gives each queue hop a third.
 */
class ConsumeModeTest {
    private static final int EVENTS = 200;
    private static final Translator<long[]> SEQ = (e, a, b) -> e[0] = a;

    static Stream<Arguments> queueModes() {
        List<Arguments> out = new ArrayList<>();
        for (String id : List.of("abq", "lbq", "clq", "mtoca", "jctools")) {
            for (Consume mode : Consume.values()) {
                out.add(Arguments.of(id, mode, Wait.PARK));
                if (Transports.get(id).waits().contains(Wait.BLOCK)) {
                    out.add(Arguments.of(id, mode, Wait.BLOCK));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("queueModes")
    @Timeout(60)
    void everyEventArrivesOnceInOrderAndTheCountsSayWhichModeRan(String id, Consume mode, Wait wait) throws Exception {
        List<Long> seen = new ArrayList<>();
        Chain<long[]> chain = chain(Transports.get(id), 256, wait, mode, Buffering.PER_HOP, seen::add);
        for (int i = 0; i < EVENTS; i++) { // before start: the first stage finds them all waiting
            chain.publish(SEQ, i, 0);
        }
        chain.start();
        await(chain, EVENTS);
        chain.halt();
        assertThat(seen).hasSize(EVENTS);
        for (int i = 0; i < EVENTS; i++) {
            assertThat(seen.get(i)).isEqualTo(i);
        }
        HandoffCounts c = chain.counts();
        assertThat(c.events()).as("each of 3 stages took each event once").isEqualTo(3L * EVENTS);
        if (mode == Consume.ONE) {
            assertThat(c.meanBatch()).isEqualTo(1.0);
        } else {
            assertThat(c.meanBatch()).as("the first stage drained the %d waiting events at once", EVENTS).isGreaterThan(1.4);
        }
        assertThat(c.emptyPolls()).isGreaterThanOrEqualTo(0);
        assertThat(c.failedOffers()).isGreaterThanOrEqualTo(0);
        assertThat(c.offers()).isEqualTo(c.events() + c.failedOffers());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("queueModes")
    @Timeout(60)
    void aFullHopShowsAsFailedOffers(String id, Consume mode, Wait wait) throws Exception {
        assumeTrue(!id.equals("clq"), "unbounded: never full");
        Chain<long[]> chain = chain(Transports.get(id), 2, wait, mode, Buffering.PER_HOP, e -> sleep());
        chain.start();
        for (int i = 0; i < EVENTS; i++) {
            chain.publish(SEQ, i, 0);
        }
        await(chain, EVENTS);
        chain.halt();
        assertThat(chain.counts().failedOfferPct()).as("a last stage 20x slower than the others behind 2-event hops")
                .isGreaterThan(0);
    }

    @Test
    @Timeout(60)
    void ringsCountTheirBatchesAndLeaveEmptyPollsAndFailedOffersUnknown() throws Exception {
        for (String id : List.of("disruptor", DisruptorTransport.NO_SLIP_ID, "lmax")) {
            Transport t = Transports.get(id);
            assertThat(t.consumeFor(Consume.ONE)).isEqualTo(Consume.BATCH);
            Chain<long[]> chain = chain(t, 256, Wait.PARK, Consume.ONE, Buffering.PER_HOP, e -> { });
            chain.start();
            for (int i = 0; i < EVENTS; i++) {
                chain.publish(SEQ, i, 0);
            }
            await(chain, EVENTS);
            chain.halt();
            HandoffCounts c = chain.counts();
            assertThat(c.events()).as(id).isEqualTo(3L * EVENTS);
            assertThat(c.meanBatch()).as(id).isGreaterThanOrEqualTo(1.0);
            assertThat(c.emptyPolls()).as(id).isEqualTo(HandoffCounts.UNKNOWN);
            assertThat(c.failedOfferPct()).as(id).isNaN();
        }
    }

    @Test
    void equalTotalBufferingGivesEachQueueHopAThirdAndEachQueueSaysWhatItHolds() {
        assertThat(Transports.get("abq").heldPerHop(341)).isEqualTo(341);
        assertThat(Transports.get("lbq").heldPerHop(341)).isEqualTo(341);
        assertThat(Transports.get("mtoca").heldPerHop(341)).as("a power of two").isEqualTo(512);
        assertThat(Transports.get("jctools").heldPerHop(341)).isEqualTo(512);
        assertThat(Transports.get("flow").heldPerHop(341)).isEqualTo(512);
        assertThat(Transports.get("clq").heldPerHop(341)).as("unbounded").isEqualTo(-1);
        Chain<long[]> chain = chain(Transports.get("abq"), 1024, Wait.PARK, Consume.ONE, Buffering.TOTAL, e -> { });
        int taken = 0;
        while (chain.offer(SEQ, taken, 0, 0)) {
            taken++;
        }
        assertThat(taken).as("the first hop of a 1,024-event total over 3 hops").isEqualTo(341);
        assertThat(new HandoffCounts(5, 2, -1, 9, 1).minus(new HandoffCounts(1, 1, 3, 4, 0)))
                .isEqualTo(new HandoffCounts(4, 1, -1, 5, 1));
    }

    private static Chain<long[]> chain(Transport t, int capacity, Wait wait, Consume mode, Buffering buffering,
                                       java.util.function.Consumer<Long> last) {
        AtomicReference<Throwable> error = new AtomicReference<>();
        List<Handler<long[]>> stages = List.of((e, end) -> { }, (e, end) -> { }, (e, end) -> last.accept(e[0]));
        return t.chain(new ChainSpec<long[]>(capacity, 1, wait, () -> new long[1], stages, ThreadSource.DAEMON, error::set)
                .withConsume(mode).withBuffering(buffering));
    }

    private static void sleep() {
        long until = System.nanoTime() + 20_000;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    private static void await(Chain<long[]> chain, long n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (chain.processed() < n) {
            assertThat(System.nanoTime()).as("processed %d of %d", chain.processed(), n).isLessThan(deadline);
            Thread.sleep(1);
        }
    }
}
