package handoff.queues.disruptor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Consumers added to a ring whose producers are already running (issue 21). */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GatingAtRunTimeTest {
    private static final long HANG_MS = 20_000;

    /**
     * The producer's cached minimum says "3" when a consumer is added at 1: before the fix, tryNext went
     * on trusting the cache and claimed sequence 6, reusing the slot of 2, which the new consumer had not
     * read. Now the added sequence is moved to the cursor, so no claim reuses a slot it still needs.
     */
    @ParameterizedTest
    @EnumSource(ProducerType.class)
    void aConsumerAddedBelowTheProducersCachedMinimumIsNotLapped(ProducerType type) throws Exception {
        RingBuffer<LongEvent> ring = RingBuffer.create(type, LongEvent::new, 4, new BusySpinWaitStrategy());
        Sequence first = new Sequence();
        ring.addGatingSequences(first);
        for (int i = 0; i < 4; i++) {
            ring.publish(ring.tryNext());
        }
        first.set(3);
        ring.publish(ring.tryNext()); // 4: the producer refreshes its cache to 3

        Sequence added = new Sequence(1);
        ring.addGatingSequences(added);
        long claims = 0;
        while (ring.hasAvailableCapacity(1)) {
            long seq = ring.tryNext();
            assertThat(seq - ring.bufferSize()).as("claim %d reuses the slot of a sequence the added consumer"
                    + " (at %d) has not released", seq, added.get()).isLessThanOrEqualTo(added.get());
            ring.publish(seq);
            claims++;
        }
        assertThat(added.get()).isEqualTo(4); // moved to the cursor: it starts at the next event
        assertThat(claims).isEqualTo(3);
        assertThatThrownBy(ring::tryNext).isSameAs(InsufficientCapacityException.INSTANCE);
    }

    @Test
    void aSequenceAlreadyGatingIsRefused() {
        RingBuffer<LongEvent> ring = RingBuffer.createMultiProducer(LongEvent::new, 4, new BusySpinWaitStrategy());
        Sequence s = new Sequence();
        ring.addGatingSequences(s);
        s.set(7);
        assertThatThrownBy(() -> ring.addGatingSequences(s)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already gating");
        Sequence t = new Sequence();
        assertThatThrownBy(() -> ring.addGatingSequences(t, t)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("already gating");
        assertThat(s.get()).isEqualTo(7); // untouched
        assertThat(ring.removeGatingSequence(t)).isFalse(); // nothing half-added
    }

    /**
     * Producers never stop while consumers come and go: each added consumer must find, from its first
     * event on, every event intact (value = sequence) for the whole of its handling, which a producer
     * lapping it would break. Before the fix the added consumer started at sequence 0, long overwritten.
     */
    @ParameterizedTest
    @EnumSource(ProducerType.class)
    void consumersAddedWhileProducersRunSeeEveryLaterEventIntact(ProducerType type) throws Exception {
        int producers = type == ProducerType.SINGLE ? 1 : 2;
        RingBuffer<LongEvent> ring = RingBuffer.create(type, LongEvent::new, 16, new SleepingWaitStrategy());
        AtomicLong errors = new AtomicLong();
        BatchEventProcessor<LongEvent> resident = processor(ring, errors);
        ring.addGatingSequences(resident.sequence());
        Thread residentThread = start(resident, "resident");
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> producerThreads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            producerThreads.add(start(() -> {
                while (!stop.get()) {
                    long seq = ring.next();
                    ring.get(seq).value = seq;
                    ring.publish(seq);
                }
            }, "producer-" + p));
        }
        List<BatchEventProcessor<LongEvent>> added = new ArrayList<>();
        try {
            for (int round = 0; round < 10 && errors.get() == 0; round++) {
                BatchEventProcessor<LongEvent> consumer = processor(ring, errors);
                added.add(consumer);
                ring.addGatingSequences(consumer.sequence());
                long from = consumer.sequence().get();
                Thread t = start(consumer, "added-" + round);
                awaitProgress(consumer.sequence(), from + 3_000, errors);
                consumer.halt();
                t.join();
                assertThat(ring.removeGatingSequence(consumer.sequence())).isTrue();
            }
        } finally {
            for (BatchEventProcessor<LongEvent> consumer : added) { // a failed round may have left one gating
                consumer.halt();
                ring.removeGatingSequence(consumer.sequence());
            }
            stop.set(true);
            for (Thread t : producerThreads) {
                t.join(HANG_MS);
            }
            resident.halt(); // after the producers: they may have been waiting for it to free a slot
            residentThread.join(HANG_MS);
        }
        assertThat(errors.get()).as("events found overwritten or out of place").isZero();
    }

    /** Waits until {@code sequence} reaches {@code target}; fails if it stops moving (a hang detector). */
    private static void awaitProgress(Sequence sequence, long target, AtomicLong errors) throws InterruptedException {
        long last = sequence.get();
        long since = System.nanoTime();
        while (last < target && errors.get() == 0) {
            Thread.sleep(1);
            long now = sequence.get();
            if (now != last) {
                last = now;
                since = System.nanoTime();
            }
            assertThat(System.nanoTime() - since).as("the added consumer is stuck at %d", last)
                    .isLessThan(TimeUnit.MILLISECONDS.toNanos(HANG_MS));
        }
    }

    private static BatchEventProcessor<LongEvent> processor(RingBuffer<LongEvent> ring, AtomicLong errors) {
        return new BatchEventProcessor<>(ring, ring.newBarrier(), (e, seq, eob) -> {
            if (e.value != seq) {
                errors.incrementAndGet();
            }
            for (int spin = 0; spin < 20; spin++) {
                Thread.onSpinWait(); // widen the window in which an overwrite would show
            }
            if (e.value != seq) {
                errors.incrementAndGet();
            }
        });
    }

    private static Thread start(Runnable body, String name) {
        Thread t = new Thread(body, "test-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
