package handoff.queues.adapters;

import handoff.queues.QueueTransport;

import java.util.Queue;

/**
 * A single-producer queue as the send path: one producer at most, and an RTT row only (the pipeline's hops have
 * several writers). Subclasses name the queue.
 */
abstract class SpscQueueTransport extends QueueTransport {
    SpscQueueTransport(String id, String description) {
        super(id, description, false);
    }

    /** The single-producer queue itself. */
    protected abstract <E> Queue<E> newSpscQueue(int capacity);

    @Override
    protected final <E> Queue<E> newQueue(int capacity, int producers) {
        if (producers > 1) {
            throw new IllegalArgumentException(id() + " is single-producer; asked for " + producers);
        }
        return newSpscQueue(capacity);
    }

    @Override
    public final int maxProducers() {
        return 1;
    }

    @Override
    public final boolean pipelineCapable() {
        return false;
    }
}
