package handoff.queues.disruptor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Checks of the {@link Sequencer} contract through its public API only, so that the same check runs
 * against the production sequencers and against the broken variants in {@link MutantMultiProducerSequencer}
 * ({@link MutantCheckTest}). Each throws an {@link AssertionError} naming what went wrong.
 */
final class SequencerChecks {
    /** Makes the sequencer under test. */
    interface Factory {
        Sequencer create(int bufferSize, WaitStrategy waitStrategy);
    }

    private SequencerChecks() {
    }

    /**
     * {@code next(n)} must wait until the last consumer has left <em>every</em> slot of the claim, not
     * only its first. Deterministic: the wait strategy's back-off throws instead of waiting, so a claim
     * that would wait says so at once, and one that does not returns.
     */
    static void nextWaitsForEverySlotOfItsClaim(Factory factory) {
        Sequencer sequencer = factory.create(4, WouldWait.STRATEGY);
        Sequence consumer = new Sequence();
        sequencer.addGatingSequences(consumer);
        for (int i = 0; i < 2; i++) {
            long hi = sequencer.next(2);
            sequencer.publish(hi - 1, hi);
        }
        consumer.set(0); // done with 0, not with 1: a claim of 4 and 5 reuses the slots of 0 and 1
        long claimed;
        try {
            claimed = sequencer.next(2);
        } catch (WouldWait expected) {
            return;
        }
        fail("next(2) claimed up to %d at once although the last consumer had released only sequence 0:"
                + " the slot of sequence 1 is overwritten before it is read", claimed);
    }

    /**
     * Concurrent {@code tryNext} from {@code threads} threads on a ring nothing gates: every sequence in
     * {@code [0, claims)} must be handed out exactly once.
     */
    static void concurrentTryNextClaimsEverySequenceOnce(Factory factory, int threads, int claims)
            throws InterruptedException {
        Sequencer sequencer = factory.create(1024, new BusySpinWaitStrategy());
        AtomicIntegerArray times = new AtomicIntegerArray(claims);
        runAll(threads, () -> {
            try {
                for (long s; (s = sequencer.tryNext()) < claims; ) {
                    times.incrementAndGet((int) s);
                }
            } catch (InsufficientCapacityException e) {
                throw new AssertionError("no consumer gates this ring: tryNext must always find room", e);
            }
        });
        for (int s = 0; s < claims; s++) {
            assertThat(times.get(s)).as("times sequence %d was claimed", s).isEqualTo(1);
        }
    }

    /**
     * {@code producers} threads claim, write two fields and publish; one consumer reads through a barrier
     * and must find both fields written for every sequence it is let at (the producer's writes must be
     * visible once the barrier says "published"). A stress check: it can only show a reordering that
     * the hardware and compiler actually make.
     */
    static void publishedEventsAreCompleteWhenRead(Factory factory, int producers, int perProducer)
            throws InterruptedException {
        int size = 64;
        Sequencer sequencer = factory.create(size, new SleepingWaitStrategy());
        long[] a = new long[size];
        long[] b = new long[size];
        Sequence consumed = new Sequence();
        sequencer.addGatingSequences(consumed);
        SequenceBarrier barrier = sequencer.newBarrier();
        long total = (long) producers * perProducer;
        AtomicLong errors = new AtomicLong();
        Thread consumer = new Thread(() -> {
            try {
                for (long next = 0; next < total; ) {
                    long available = barrier.waitFor(next);
                    for (; next <= available; next++) {
                        int i = (int) next & (size - 1);
                        if (a[i] != next || b[i] != ~next) {
                            errors.incrementAndGet();
                        }
                    }
                    consumed.set(available);
                }
            } catch (AlertException e) {
                throw new AssertionError("nobody alerts this barrier", e);
            }
        }, "check-consumer");
        consumer.setDaemon(true);
        consumer.start();
        runAll(producers, () -> {
            for (int k = 0; k < perProducer; k++) {
                long s = sequencer.next();
                int i = (int) s & (size - 1);
                a[i] = s;
                b[i] = ~s;
                sequencer.publish(s);
            }
        });
        consumer.join();
        assertThat(errors.get()).as("events read before their fields were visible").isZero();
    }

    /** Runs {@code body} on {@code threads} threads at once and rethrows the first failure. */
    static void runAll(int threads, Runnable body) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    body.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "check-" + t);
            thread.setDaemon(true);
            started.add(thread);
            thread.start();
        }
        for (Thread t : started) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("a checking thread failed", failure.get());
        }
    }

    /** Thrown by {@link #STRATEGY}'s back-off: the caller was about to wait. */
    static final class WouldWait extends RuntimeException {
        static final WouldWait INSTANCE = new WouldWait();
        static final WaitStrategy STRATEGY = new WaitStrategy() {
            @Override
            public long waitFor(long sequence, Sequence cursor, Sequence[] dependents, SequenceBarrier barrier) {
                throw INSTANCE;
            }

            @Override
            public void signalAllWhenBlocking() {
            }

            @Override
            public void backOff(int attempt) {
                throw INSTANCE;
            }
        };

        private WouldWait() {
            super("would wait", null, false, false);
        }
    }
}
