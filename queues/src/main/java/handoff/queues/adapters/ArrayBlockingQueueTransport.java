package handoff.queues.adapters;

import handoff.queues.QueueTransport;

import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;

/** {@code abq}: one lock for both ends, array storage, no allocation per element by the queue itself. */
public final class ArrayBlockingQueueTransport extends QueueTransport {
    public ArrayBlockingQueueTransport() {
        super("abq", "java.util.concurrent.ArrayBlockingQueue", true);
    }

    /** MPMC: a stage's workers can all take from one hop. */
    @Override
    public int maxWorkers() {
        return Integer.MAX_VALUE;
    }

    @Override
    protected <E> Queue<E> newQueue(int capacity, int producers) {
        return new ArrayBlockingQueue<>(capacity);
    }
}
