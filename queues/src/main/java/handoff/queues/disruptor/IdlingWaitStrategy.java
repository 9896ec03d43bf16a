package handoff.queues.disruptor;

import handoff.queues.Idler;
import handoff.queues.Wait;

/**
 * The wait strategies that poll: they differ only in what a failed poll does, which is
 * {@link Idler#idle} for their {@link Wait}, the same back-off the queue transports use. Sharing Idler
 * keeps "spin", "yield" and "park" meaning the same thing in every row of the study.
 */
abstract class IdlingWaitStrategy implements WaitStrategy {
    private final Wait wait;

    IdlingWaitStrategy(Wait wait) {
        this.wait = wait;
    }

    @Override
    public final long waitFor(long sequence, Sequence cursor, Sequence[] dependents, SequenceBarrier barrier)
            throws AlertException {
        // The cursor itself need not be read: an upstream stage is never ahead of it.
        long available;
        int attempt = 0;
        while ((available = Sequence.minimum(dependents, Long.MAX_VALUE)) < sequence) {
            barrier.checkAlert();
            Idler.idle(wait, attempt++);
        }
        return available;
    }

    @Override
    public final void signalAllWhenBlocking() {
        // nobody sleeps on a condition
    }

    @Override
    public final void backOff(int attempt) {
        Idler.idle(wait, attempt);
    }

    @Override
    public String toString() {
        return wait.id();
    }
}
