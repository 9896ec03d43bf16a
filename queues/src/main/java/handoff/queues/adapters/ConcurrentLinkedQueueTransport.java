package handoff.queues.adapters;

import handoff.queues.QueueTransport;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * {@code clq}: lock-free Michael-Scott queue. Unbounded: capacity is ignored, so under overload it never
 * pushes back and grows instead; the harness reports that growth. It has no drain: its batch consumer
 * ({@link handoff.queues.Consume#BATCH}) is {@link QueueTransport}'s {@code poll} loop.
 */
public final class ConcurrentLinkedQueueTransport extends QueueTransport {
    public ConcurrentLinkedQueueTransport() {
        super("clq", "java.util.concurrent.ConcurrentLinkedQueue (unbounded)", false);
    }

    /** MPMC: a stage's workers can all take from one hop. */
    @Override
    public int maxWorkers() {
        return Integer.MAX_VALUE;
    }

    @Override
    public boolean bounded() {
        return false;
    }

    @Override
    protected <E> Queue<E> newQueue(int capacity, int producers) {
        return new ConcurrentLinkedQueue<>();
    }
}
