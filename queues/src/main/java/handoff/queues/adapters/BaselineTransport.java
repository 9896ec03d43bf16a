package handoff.queues.adapters;

import handoff.queues.QueueTransport;
import handoff.queues.SpscArrayQueue;

import java.util.Queue;

/** {@code baseline}: the hand-rolled SPSC array queue with cached indices as the send path; one producer; the RTT floor. */
public final class BaselineTransport extends QueueTransport {
    public BaselineTransport() {
        super("baseline", "SPSC array queue with cached indices and ordered stores (hand-rolled, the RTT floor)", false);
    }

    @Override
    protected <E> Queue<E> newQueue(int capacity, int producers) {
        if (producers > 1) {
            throw new IllegalArgumentException("baseline is single-producer; asked for " + producers);
        }
        return new SpscArrayQueue<>(capacity);
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
