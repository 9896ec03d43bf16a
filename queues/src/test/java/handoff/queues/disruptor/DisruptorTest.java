package handoff.queues.disruptor;

import handoff.queues.ThreadSource;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The ring, barriers and processors under real threads. Failures found on a handler thread are counted
 * and asserted on the test thread after the processors have been joined (which orders their writes
 * before our reads). Tests with more threads than this box's 2 CPUs use PARK or BLOCK.
 *
 * <p>The timeout catches a hang, it does not time the code: on a 2-CPU box with two busy loops beside the
 * build the longest tests here took 45-58 s, so it leaves room for a busy CI machine.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DisruptorTest {
    private final List<Thread> started = new CopyOnWriteArrayList<>();
    private final ThreadSource threads = (role, body) -> {
        Thread t = new Thread(body, "test-" + role);
        t.setDaemon(true);
        started.add(t);
        return t;
    };

    private static void publish(RingBuffer<LongEvent> ring, long value, long producer) {
        long seq = ring.next();
        try {
            LongEvent e = ring.get(seq);
            e.value = value;
            e.producer = producer;
        } finally {
            ring.publish(seq);
        }
    }

    /**
     * Order, loss and duplicates over ~156k laps of a 64-slot ring. BLOCK rather than SPIN or YIELD: a
     * polling wait on a 2-CPU box with other work on it gives a timeslice away at every lap (measured
     * with two busy loops beside it: over 60 s with YIELD), while a blocked consumer is woken exactly when
     * a publish signals it. What is tested is the sequencing, which no wait strategy changes.
     */
    @Test
    void tenMillionEventsThroughARingOf64ArriveInOrderExactlyOnce() throws Exception {
        final long count = 10_000_000L;
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 64, ProducerType.SINGLE, new BlockingWaitStrategy());
        long[] expected = {0};
        AtomicLong errors = new AtomicLong();
        d.handleEventsWith((e, seq, eob) -> {
            if (e.value != expected[0] || seq != expected[0]) {
                errors.incrementAndGet();
            }
            expected[0]++;
        });
        RingBuffer<LongEvent> ring = d.start(threads);
        for (long i = 0; i < count; i++) {
            long seq = ring.next();
            ring.get(seq).value = i;
            ring.publish(seq);
        }
        d.shutdown();

        assertThat(errors.get()).isZero();
        assertThat(expected[0]).isEqualTo(count);
        assertThat(ring.cursor()).isEqualTo(count - 1);
    }

    /** Batched claims ({@code next(n)}, {@code publish(lo, hi)}) from a single producer; BLOCK as above. */
    @Test
    void batchedClaimsAreDeliveredInOrder() throws Exception {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 64, ProducerType.SINGLE, new BlockingWaitStrategy());
        long[] expected = {0};
        AtomicLong errors = new AtomicLong();
        d.handleEventsWith((e, seq, eob) -> {
            if (e.value != expected[0]++) {
                errors.incrementAndGet();
            }
        });
        RingBuffer<LongEvent> ring = d.start(threads);
        long next = 0;
        for (int round = 0; round < 100_000; round++) {
            int n = 1 + round % 64;
            long hi = ring.next(n);
            for (long s = hi - n + 1; s <= hi; s++) {
                ring.get(s).value = next++;
            }
            ring.publish(hi - n + 1, hi);
        }
        d.shutdown();
        assertThat(errors.get()).isZero();
        assertThat(expected[0]).isEqualTo(next);
    }

    /** Three producers on a multi-producer ring: per-producer order, every event exactly once. */
    @ParameterizedTest
    @EnumSource(value = Wait.class, names = {"PARK", "BLOCK"})
    void threeProducersEverySequenceExactlyOnce(Wait wait) throws Exception {
        final int producers = 3;
        final int perProducer = 300_000;
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 256, ProducerType.MULTI, WaitStrategies.of(wait));
        long[] nextFrom = new long[producers];
        long[] seen = {0, -1};
        AtomicLong errors = new AtomicLong();
        d.handleEventsWith((e, seq, eob) -> {
            int p = (int) e.producer;
            if (seq != seen[1] + 1 || e.value != nextFrom[p]) {
                errors.incrementAndGet();
            }
            seen[1] = seq;
            nextFrom[p]++;
            seen[0]++;
        });
        RingBuffer<LongEvent> ring = d.start(threads);
        List<Thread> producerThreads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            final int id = p;
            Thread t = new Thread(() -> {
                for (long i = 0; i < perProducer; i++) {
                    publish(ring, i, id);
                }
            }, "producer-" + p);
            producerThreads.add(t);
            t.start();
        }
        for (Thread t : producerThreads) {
            t.join();
        }
        d.shutdown();

        assertThat(errors.get()).isZero();
        assertThat(seen[0]).isEqualTo((long) producers * perProducer);
        assertThat(nextFrom).containsOnly(perProducer);
    }

    /**
     * Three dependent stages: stage i+1 must find stage i's mark for this very sequence, and every
     * stage must find the producer's value intact for its whole call (a producer that lapped the last
     * stage would have rewritten it).
     */
    @ParameterizedTest
    @EnumSource(value = ProducerType.class)
    void stagesSeeEventsInPipelineOrderAndProducersNeverOverwriteUnreleasedSlots(ProducerType type)
            throws Exception {
        final int producers = type == ProducerType.SINGLE ? 1 : 2;
        final long perProducer = 200_000;
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 64, type, new SleepingWaitStrategy());
        AtomicLong errors = new AtomicLong();
        AtomicLong handled = new AtomicLong();
        EventHandler<LongEvent>[] stages = stages(3, errors, handled);
        d.handleEventsWith(stages[0]).then(stages[1]).then(stages[2]);
        RingBuffer<LongEvent> ring = d.start(threads);
        List<Thread> producerThreads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            Thread t = new Thread(() -> {
                for (long i = 0; i < perProducer; i++) {
                    long seq = ring.next();
                    LongEvent e = ring.get(seq);
                    e.value = seq; // what every stage expects to find for this sequence
                    ring.publish(seq);
                }
            });
            producerThreads.add(t);
            t.start();
        }
        for (Thread t : producerThreads) {
            t.join();
        }
        d.shutdown();

        assertThat(errors.get()).isZero();
        assertThat(handled.get()).isEqualTo(producers * perProducer);
    }

    @SuppressWarnings("unchecked")
    private static EventHandler<LongEvent>[] stages(int n, AtomicLong errors, AtomicLong handled) {
        EventHandler<LongEvent>[] stages = new EventHandler[n];
        for (int i = 0; i < n; i++) {
            final int stage = i;
            stages[i] = (e, seq, eob) -> {
                if (e.value != seq || (stage > 0 && e.seenBy[stage - 1] != seq)) {
                    errors.incrementAndGet();
                }
                for (int spin = 0; spin < 20; spin++) {
                    Thread.onSpinWait(); // widen the window in which an overwrite would show
                }
                if (e.value != seq) {
                    errors.incrementAndGet();
                }
                e.seenBy[stage] = seq;
                if (stage == n - 1) {
                    handled.lazySet(handled.get() + 1);
                }
            };
        }
        return stages;
    }

    /** Two handlers in one group run in parallel; the stage after them waits for both. */
    @Test
    void aStageAfterAGroupWaitsForEveryHandlerInIt() throws Exception {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 32, ProducerType.SINGLE, new SleepingWaitStrategy());
        AtomicLong errors = new AtomicLong();
        AtomicLong handled = new AtomicLong();
        d.handleEventsWith((e, seq, eob) -> e.seenBy[0] = seq, (e, seq, eob) -> e.seenBy[1] = seq)
                .then((e, seq, eob) -> {
                    if (e.seenBy[0] != seq || e.seenBy[1] != seq) {
                        errors.incrementAndGet();
                    }
                    handled.lazySet(handled.get() + 1);
                });
        RingBuffer<LongEvent> ring = d.start(threads);
        for (int i = 0; i < 100_000; i++) {
            publish(ring, i, 0);
        }
        d.shutdown();
        assertThat(errors.get()).isZero();
        assertThat(handled.get()).isEqualTo(100_000);
    }

    @Test
    void shutdownDeliversEverythingPublishedThenStopsTheThreads() throws Exception {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 16, ProducerType.SINGLE, new BlockingWaitStrategy());
        AtomicLong handled = new AtomicLong();
        d.handleEventsWith((e, seq, eob) -> {
            java.util.concurrent.locks.LockSupport.parkNanos(1_000); // slower than the producer: a backlog
        }).then((e, seq, eob) -> handled.lazySet(handled.get() + 1));
        RingBuffer<LongEvent> ring = d.start(threads);
        for (int i = 0; i < 2_000; i++) {
            publish(ring, i, 0);
        }
        assertThat(d.hasBacklog()).isTrue();
        d.shutdown();

        assertThat(handled.get()).isEqualTo(2_000);
        assertThat(d.hasBacklog()).isFalse();
        assertThat(started).hasSize(2).noneMatch(Thread::isAlive);
    }

    @Test
    void shutdownWithATimeoutGivesUpOnAStuckStage() throws Exception {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 16, ProducerType.SINGLE, new SleepingWaitStrategy());
        CountDownLatch release = new CountDownLatch(1);
        d.handleEventsWith((e, seq, eob) -> release.await());
        RingBuffer<LongEvent> ring = d.start(threads);
        publish(ring, 1, 0);
        assertThatThrownBy(() -> d.shutdown(20, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class)
                .hasMessageContaining("cursor 0");
        release.countDown();
        d.shutdown();
        assertThat(started).noneMatch(Thread::isAlive);
    }

    /** halt() wakes an idle processor out of every kind of wait, and returns once its thread is gone. */
    @ParameterizedTest
    @EnumSource(value = Wait.class, names = {"SPIN", "YIELD", "PARK", "BLOCK"})
    void haltStopsIdleProcessorsWithEveryWaitStrategy(Wait wait) throws Exception {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 16, ProducerType.MULTI, WaitStrategies.of(wait));
        d.handleEventsWith((e, seq, eob) -> { }).then((e, seq, eob) -> { });
        d.start(threads);
        d.halt();
        assertThat(started).hasSize(2).noneMatch(Thread::isAlive);
        d.halt(); // idempotent
    }

    /**
     * halt() does not drain: the processor finishes the batch in hand (here just event 0, the only one
     * published when it was taken) and leaves the rest in the ring.
     */
    @Test
    void haltStopsAfterTheBatchInHandLeavingTheBacklog() throws Exception {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 1024, ProducerType.SINGLE, new BlockingWaitStrategy());
        AtomicLong handled = new AtomicLong();
        CountDownLatch inFirstEvent = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        d.handleEventsWith((e, seq, eob) -> {
            if (seq == 0) {
                inFirstEvent.countDown();
                release.await();
            }
            handled.lazySet(handled.get() + 1);
        });
        RingBuffer<LongEvent> ring = d.start(threads);
        publish(ring, 0, 0);
        inFirstEvent.await();
        for (int i = 1; i < 1000; i++) {
            publish(ring, i, 0);
        }
        Thread halter = new Thread(() -> {
            try {
                d.halt();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        halter.start();
        while (halter.getState() != Thread.State.WAITING) { // alerted, now joining the stage
            Thread.onSpinWait();
        }
        release.countDown();
        halter.join();

        assertThat(started).noneMatch(Thread::isAlive);
        assertThat(handled.get()).isEqualTo(1);
        assertThat(d.hasBacklog()).isTrue();
    }

    @Test
    void aThrowingHandlerIsReportedAndTheStageCarriesOn() throws Exception {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 64, ProducerType.SINGLE, new SleepingWaitStrategy());
        ConcurrentLinkedQueue<Long> failed = new ConcurrentLinkedQueue<>();
        AtomicLong reachedNextStage = new AtomicLong();
        d.setDefaultExceptionHandler((failure, seq, e) -> {
            assertThat(failure).hasMessage("bad " + seq);
            assertThat(e.value).isEqualTo(seq);
            failed.add(seq);
        });
        d.handleEventsWith((e, seq, eob) -> {
            if (seq % 10 == 3) {
                throw new IllegalStateException("bad " + seq);
            }
        }).then((e, seq, eob) -> reachedNextStage.lazySet(reachedNextStage.get() + 1));
        RingBuffer<LongEvent> ring = d.start(threads);
        for (long i = 0; i < 1000; i++) {
            long seq = ring.next();
            ring.get(seq).value = seq;
            ring.publish(seq);
        }
        d.shutdown();
        assertThat(failed).hasSize(100).allMatch(s -> s % 10 == 3);
        assertThat(reachedNextStage.get()).isEqualTo(1000);
    }

    @Test
    void theDefaultExceptionHandlerReportsAndContinues() throws Exception {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 8, ProducerType.SINGLE, new SleepingWaitStrategy());
        AtomicLong handled = new AtomicLong();
        d.handleEventsWith((e, seq, eob) -> {
            handled.lazySet(handled.get() + 1);
            if (seq == 1) {
                throw new IllegalStateException("expected by the test: the default handler logs this once");
            }
        });
        RingBuffer<LongEvent> ring = d.start(threads);
        for (int i = 0; i < 20; i++) {
            publish(ring, i, 0);
        }
        d.shutdown();
        assertThat(handled.get()).isEqualTo(20);
    }

    @Test
    void wiringMistakesGetClearExceptions() throws Exception {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 8, ProducerType.SINGLE, new SleepingWaitStrategy());
        assertThatThrownBy(() -> d.start(threads)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no handlers");
        assertThatThrownBy(() -> d.handleEventsWith()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one handler");
        EventHandlerGroup<LongEvent> group = d.handleEventsWith((e, seq, eob) -> { });
        d.start(threads);
        assertThatThrownBy(() -> d.start(threads)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already started");
        assertThatThrownBy(() -> group.then((e, seq, eob) -> { })).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already started");
        assertThatThrownBy(() -> d.setDefaultExceptionHandler((f, s, e) -> { }))
                .isInstanceOf(IllegalStateException.class);
        d.halt();
    }

    @Test
    void onlyTheLastStageGatesTheProducers() {
        Disruptor<LongEvent> d = new Disruptor<>(LongEvent::new, 8, ProducerType.SINGLE, new SleepingWaitStrategy());
        EventHandlerGroup<LongEvent> first = d.handleEventsWith((e, seq, eob) -> { });
        EventHandlerGroup<LongEvent> last = first.then((e, seq, eob) -> { });
        RingBuffer<LongEvent> ring = d.ringBuffer();
        ring.publish(ring.next(8));
        first.sequences()[0].set(7); // first stage done with everything, last stage with nothing
        assertThat(ring.remainingCapacity()).isZero();
        last.sequences()[0].set(3);
        assertThat(ring.remainingCapacity()).isEqualTo(4);
    }

    @Test
    void aProcessorRunsOnOneThreadAtATimeAndCanBeRunAgainAfterHalt() throws Exception {
        RingBuffer<LongEvent> ring = RingBuffer.createSingleProducer(LongEvent::new, 8, new BlockingWaitStrategy());
        AtomicLong handled = new AtomicLong();
        BatchEventProcessor<LongEvent> p = new BatchEventProcessor<>(ring, ring.newBarrier(),
                (e, seq, eob) -> handled.incrementAndGet());
        ring.addGatingSequences(p.sequence());
        Thread first = threads.newThread("first", p);
        first.start();
        while (!p.isRunning()) {
            Thread.onSpinWait();
        }
        assertThatThrownBy(p::run).isInstanceOf(IllegalStateException.class).hasMessageContaining("already running");
        publish(ring, 1, 0);
        while (p.sequence().get() < 0) {
            Thread.onSpinWait();
        }
        p.halt();
        first.join();
        assertThat(p.isRunning()).isFalse();

        publish(ring, 2, 0);
        Thread second = threads.newThread("second", p);
        second.start();
        while (p.sequence().get() < 1) {
            Thread.onSpinWait();
        }
        p.halt();
        second.join();
        assertThat(handled.get()).isEqualTo(2);
    }
}
