package handoff.queues.adapters;

import handoff.queues.QueueTransport;
import handoff.queues.WaitFreeSpscQueue;

import java.util.Queue;

/** {@code baseline}: the wait-free SPSC queue as the send path; one producer; the RTT floor. */
public final class BaselineTransport extends QueueTransport {
    public BaselineTransport() {
        super("baseline", "wait-free SPSC array queue (hand-rolled, RTT floor)", false);
    }

    @Override
    protected <E> Queue<E> newQueue(int capacity, int producers) {
        if (producers > 1) {
            throw new IllegalArgumentException("baseline is single-producer; asked for " + producers);
        }
        return new WaitFreeSpscQueue<>(capacity);
    }

    @Override
    public int maxProducers() {
        return 1;
    }

    @Override
    public boolean pipelineCapable() {
        return false;
    }
}
