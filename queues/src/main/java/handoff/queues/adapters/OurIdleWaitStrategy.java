package handoff.queues.adapters;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;
import handoff.queues.Idler;
import handoff.queues.Wait;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An LMAX wait strategy with our idle policy for a {@link Wait}, for {@code lmax-ours}: polling waits back off through
 * {@link Idler} as our rings' do; {@code block} sleeps on a condition until the cursor passes, then waits for upstream
 * stages with park back-off, as our {@code BlockingWaitStrategy} does. Used by {@code lmax-ours} in the pipeline suites
 * and by the Disruptor-vs-LMAX suite's {@code -likeours} rows, so that a row compares the rings alone.
 * LMAX's producer waiting for room on a full ring parks 1 ns whatever the strategy: that part cannot be given to it.
 */
public final class OurIdleWaitStrategy implements WaitStrategy {
    private final Wait wait;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition published = lock.newCondition();

    public OurIdleWaitStrategy(Wait wait) {
        this.wait = wait;
    }

    @Override
    public long waitFor(long sequence, Sequence cursor, Sequence dependentSequence, SequenceBarrier barrier)
            throws AlertException {
        if (wait == Wait.BLOCK && cursor.get() < sequence) { // volatile read of the cursor
            lock.lock();
            try {
                while (cursor.get() < sequence) { // re-read under the lock the publisher takes to signal: no lost wake-up
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
        while ((available = dependentSequence.get()) < sequence) { // volatile read of upstream progress
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
        return wait.id() + " (our policy)";
    }
}
