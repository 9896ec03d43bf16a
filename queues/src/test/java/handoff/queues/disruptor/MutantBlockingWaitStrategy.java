package handoff.queues.disruptor;

import handoff.queues.Idler;
import handoff.queues.Wait;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Test fixture, never used by production code: {@link BlockingWaitStrategy} with a lost wake-up. It
 * checks the cursor before taking the lock but not again under it, so a publish whose store and signal
 * both fall between that check and the lock is missed, and the consumer sleeps until the next publish,
 * which a producer waiting for that consumer never makes. {@link WaitStrategyChecks} must catch it.
 */
final class MutantBlockingWaitStrategy implements WaitStrategy {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition published = lock.newCondition();

    @Override
    public long waitFor(long sequence, Sequence cursor, Sequence[] dependents, SequenceBarrier barrier)
            throws AlertException {
        if (cursor.get() < sequence) {
            lock.lock();
            try {
                barrier.checkAlert();
                published.awaitUninterruptibly(); // the fault: no re-check of the cursor under the lock
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
        return "mutant-block";
    }
}
