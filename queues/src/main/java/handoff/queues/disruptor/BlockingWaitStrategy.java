package handoff.queues.disruptor;

import handoff.queues.Idler;
import handoff.queues.Wait;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Consumers sleep on a condition until a publish signals it: no CPU while idle, a lock round trip on
 * every publish and a wake-up when work arrives.
 *
 * <p>No wake-up is lost: the waiter re-reads the cursor while holding the lock, and the publisher
 * stores the cursor before taking the same lock to signal. Either the waiter's read comes after the
 * publisher's unlock (and so sees the new cursor), or the waiter is already in {@code await} and gets
 * the signal.
 *
 * <p>A later stage waits first for the cursor (here it sleeps), then for the stage before it, which
 * nobody signals: it backs off like {@link Wait#PARK} rather than spinning, so a pipeline of blocking
 * stages does not burn the CPUs it is meant to leave free.
 */
public final class BlockingWaitStrategy implements WaitStrategy {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition published = lock.newCondition();

    @Override
    public long waitFor(long sequence, Sequence cursor, Sequence[] dependents, SequenceBarrier barrier)
            throws AlertException {
        if (cursor.get() < sequence) {
            lock.lock();
            try {
                while (cursor.get() < sequence) {
                    barrier.checkAlert();
                    // Interrupts are not the stop signal (alert is), so they must not turn this into a spin.
                    published.awaitUninterruptibly();
                }
            } finally {
                lock.unlock();
            }
        }
        long available;
        int attempt = 0;
        while ((available = Sequence.minimum(dependents, Long.MAX_VALUE)) < sequence) {
            barrier.checkAlert();
            Idler.idle(Wait.PARK, attempt++);
        }
        return available;
    }

    @Override
    public void signalAllWhenBlocking() {
        lock.lock();
        try {
            published.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void backOff(int attempt) {
        Idler.idle(Wait.PARK, attempt);
    }

    @Override
    public String toString() {
        return Wait.BLOCK.id();
    }
}
