package handoff.queues.adapters;

import handoff.queues.SpscArrayQueue;

import java.util.Queue;

/** {@code baseline}: the hand-rolled SPSC array queue with cached indices as the send path; one producer; the RTT floor. */
public final class BaselineTransport extends SpscQueueTransport {
    public BaselineTransport() {
        super("baseline", "SPSC array queue with cached indices and ordered stores (hand-rolled, the RTT floor)");
    }

    @Override
    protected <E> Queue<E> newSpscQueue(int capacity) {
        return new SpscArrayQueue<>(capacity);
    }
}
