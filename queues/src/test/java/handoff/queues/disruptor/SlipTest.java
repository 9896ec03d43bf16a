package handoff.queues.disruptor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The consumer's slip ({@link Slip}) keeps every event, in order, never keeps a halted processor busy, and is per
 * processor: {@link Slip#OFF} never holds.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SlipTest {
    @Test
    void fewWaitingEventsSlipManyDoNot() {
        assertThat(Slip.DEFAULT.tooFew(1)).isTrue();
        assertThat(Slip.DEFAULT.tooFew(Slip.MIN_BATCH - 1)).isTrue();
        assertThat(Slip.DEFAULT.tooFew(Slip.MIN_BATCH)).isFalse();
    }

    @Test
    void offNeverSlips() {
        assertThat(Slip.OFF.nanos()).isZero();
        assertThat(Slip.OFF.tooFew(1)).isFalse();
        assertThat(Slip.DEFAULT.nanos()).isEqualTo(Slip.DEFAULT_NANOS);
    }

    @Test
    void holdSpinsAtLeastItsTime() {
        long start = System.nanoTime();
        Slip.DEFAULT.hold();
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Slip.DEFAULT.nanos());
    }

    /**
     * One event already waiting when the consumer starts: the default slip holds once for it (one waiting is fewer
     * than {@link Slip#MIN_BATCH}), the slip-off processor never does. Needs the default slip on (not run with
     * {@code -Dhandoff.disruptor.slipNanos=0}).
     */
    @Test
    void aProcessorBuiltWithSlipOffNeverHolds() throws InterruptedException {
        assertThat(slipsForOneWaitingEvent(Slip.DEFAULT)).as("default slip, one event waiting").isEqualTo(1);
        assertThat(slipsForOneWaitingEvent(Slip.OFF)).as("slip off, one event waiting").isZero();
    }

    private static long slipsForOneWaitingEvent(Slip slip) throws InterruptedException {
        RingBuffer<LongEvent> ring = RingBuffer.createSingleProducer(LongEvent::new, 1024, new YieldingWaitStrategy());
        AtomicLong handled = new AtomicLong();
        BatchEventProcessor<LongEvent> processor = new BatchEventProcessor<>(ring, ring.newBarrier(),
                (e, seq, eob) -> handled.incrementAndGet(), slip);
        ring.addGatingSequences(processor.sequence());
        long seq = ring.next();
        ring.publish(seq); // waiting before the consumer looks: the path that slips
        Thread consumer = new Thread(processor, "consumer");
        consumer.setDaemon(true);
        consumer.start();
        while (handled.get() < 1) {
            Thread.onSpinWait();
        }
        processor.halt();
        consumer.join(20_000);
        assertThat(consumer.isAlive()).isFalse();
        assertThat(processor.slip()).isSameAs(slip);
        return processor.slips();
    }

    @Test
    void disruptorHandsItsSlipToEveryProcessor() {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 64, ProducerType.SINGLE, new YieldingWaitStrategy(), Slip.OFF);
        assertThat(d.slip()).isSameAs(Slip.OFF);
        assertThat(new Disruptor<>(LongEvent::new, 64, ProducerType.SINGLE, new YieldingWaitStrategy()).slip())
                .isSameAs(Slip.DEFAULT);
        assertThatThrownBy(() -> new Disruptor<>(LongEvent::new, 64, ProducerType.SINGLE, new YieldingWaitStrategy(), null))
                .isInstanceOf(NullPointerException.class);
    }

    /**
     * A producer that never lets the ring run dry keeps the consumer on the path that skips the barrier's wait;
     * a halt must still end {@code run()}, and what was handled must be every event once, in order.
     */
    @Test
    void streamingProducerEveryEventOnceInOrderAndHaltEndsTheRun() throws InterruptedException {
        RingBuffer<LongEvent> ring = RingBuffer.createSingleProducer(LongEvent::new, 1024, new YieldingWaitStrategy());
        AtomicLong handled = new AtomicLong();
        AtomicLong outOfOrder = new AtomicLong();
        BatchEventProcessor<LongEvent> processor = new BatchEventProcessor<>(ring, ring.newBarrier(),
                (e, seq, eob) -> {
                    if (e.value != handled.get()) {
                        outOfOrder.incrementAndGet();
                    }
                    handled.incrementAndGet();
                });
        ring.addGatingSequences(processor.sequence());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong published = new AtomicLong();
        Thread consumer = new Thread(processor, "consumer");
        Thread producer = new Thread(() -> {
            for (long v = 0; !stop.get(); v++) {
                long seq = ring.next();
                ring.get(seq).value = v;
                ring.publish(seq);
                published.set(v + 1);
            }
        }, "producer");
        consumer.setDaemon(true);
        producer.setDaemon(true);
        consumer.start();
        producer.start();
        while (handled.get() < 2_000_000) {
            Thread.onSpinWait();
        }
        processor.halt(); // the producer is still streaming
        consumer.join(20_000);
        assertThat(consumer.isAlive()).as("halted while the producer streams").isFalse();
        stop.set(true);
        producer.join(20_000);
        assertThat(outOfOrder.get()).isZero();
        assertThat(handled.get()).isEqualTo(processor.sequence().get() + 1).isLessThanOrEqualTo(published.get());
    }
}
