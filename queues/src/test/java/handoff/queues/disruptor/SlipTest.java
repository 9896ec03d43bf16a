package handoff.queues.disruptor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The consumer's slip ({@link Slip}) keeps every event, in order, and never keeps a halted processor busy. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SlipTest {
    @Test
    void fewWaitingEventsSlipManyDoNot() {
        assertThat(Slip.tooFew(1)).isTrue();
        assertThat(Slip.tooFew(Slip.MIN_BATCH - 1)).isTrue();
        assertThat(Slip.tooFew(Slip.MIN_BATCH)).isFalse();
    }

    @Test
    void holdSpinsAtLeastItsTime() {
        long start = System.nanoTime();
        Slip.hold();
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Slip.NANOS);
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
