package handoff.harness.versus;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;
import handoff.queues.Idler;
import handoff.queues.Wait;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An LMAX wait strategy with our policy for a {@link Wait}: what {@code handoff.queues.disruptor}'s strategy
 * of that name does, on LMAX's ring. Polling waits back off through {@link Idler}, as ours do; {@code block}
 * sleeps on a condition until the cursor passes, then waits for upstream stages with park back-off, as our
 * {@code BlockingWaitStrategy} does. (LMAX's producer waiting on a full ring always parks 1 ns whatever the
 * strategy; that part of the policy cannot be given to it, and the benchmark's ring never fills.)
 */
final class LikeOursWaitStrategy implements WaitStrategy {
    private final Wait wait;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition published = lock.newCondition();

    LikeOursWaitStrategy(Wait wait) {
        this.wait = wait;
    }

    @Override
    public long waitFor(long sequence, Sequence cursor, Sequence dependentSequence, SequenceBarrier barrier)
            throws AlertException {
        if (wait == Wait.BLOCK && cursor.get() < sequence) {
            lock.lock();
            try {
                while (cursor.get() < sequence) {
                    barrier.checkAlert();
                    published.awaitUninterruptibly();
                }
            } finally {
                lock.unlock();
            }
        }
        Wait idle = wait == Wait.BLOCK ? Wait.PARK : wait;
        long available;
        int attempt = 0;
        while ((available = dependentSequence.get()) < sequence) {
            barrier.checkAlert();
            Idler.idle(idle, attempt++);
        }
        return available;
    }

    @Override
    public void signalAllWhenBlocking() {
        if (wait == Wait.BLOCK) {
            lock.lock();
            try {
                published.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    @Override
    public String toString() {
        return wait.id() + Policy.LIKE_OURS;
    }
}
