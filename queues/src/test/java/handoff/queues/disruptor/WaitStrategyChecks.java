package handoff.queues.disruptor;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.fail;

/**
 * Checks of a {@link WaitStrategy} that run the same against production strategies and the broken
 * variants ({@link MutantCheckTest}).
 */
final class WaitStrategyChecks {
    private WaitStrategyChecks() {
    }

    /**
     * Ping-pong: publish one event, wait until the consumer has handled it, publish the next. Every
     * hand-off finds the consumer about to sleep, so every one is a chance for a blocking strategy to
     * miss the publish; and a missed one is never made good, since the producer publishes nothing more
     * until the consumer moves. A consumer that has not moved for {@code stallMillis} with its event
     * published and signalled is asleep for good: a lost wake-up. {@code stallMillis} bounds how long a
     * hang is waited for (a descheduled but woken consumer moves again well within it); it times nothing.
     */
    static void noWakeUpIsLost(Supplier<WaitStrategy> strategy, long handoffs, long stallMillis)
            throws InterruptedException {
        RingBuffer<LongEvent> ring = RingBuffer.createSingleProducer(LongEvent::new, 4, strategy.get());
        SequenceBarrier barrier = ring.newBarrier();
        Sequence consumed = new Sequence();
        ring.addGatingSequences(consumed);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread consumer = new Thread(() -> {
            try {
                while (true) {
                    consumed.set(barrier.waitFor(consumed.getPlain() + 1));
                }
            } catch (AlertException stop) {
                // halted by the check
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "check-consumer");
        consumer.setDaemon(true);
        consumer.start();
        long stall = TimeUnit.MILLISECONDS.toNanos(stallMillis);
        try {
            for (long i = 0; i < handoffs; i++) {
                ring.publish(ring.next());
                long since = System.nanoTime();
                int spins = 0;
                while (consumed.get() < i) {
                    if (failure.get() != null) {
                        throw new AssertionError("the consumer failed", failure.get());
                    }
                    if (++spins > 100) {
                        Thread.yield();
                        if (System.nanoTime() - since > stall) {
                            fail("lost wake-up after %d hand-offs: event %d is published and signalled, the"
                                    + " consumer (%s) is still at %d after %d ms", i, i, consumer.getState(),
                                    consumed.get(), stallMillis);
                        }
                    }
                }
            }
        } finally {
            barrier.alert(); // wakes the consumer, lost wake-up or not, and stops it
            consumer.join();
        }
    }
}
