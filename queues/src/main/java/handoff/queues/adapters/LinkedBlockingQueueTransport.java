package handoff.queues.adapters;

import handoff.queues.QueueTransport;

import java.util.Queue;
import java.util.concurrent.LinkedBlockingQueue;

/** {@code lbq}: separate put and take locks, bounded to the same capacity, a node allocated per element. */
public final class LinkedBlockingQueueTransport extends QueueTransport {
    public LinkedBlockingQueueTransport() {
        super("lbq", "java.util.concurrent.LinkedBlockingQueue (bounded)", true);
    }

    /** MPMC: a stage's workers can all take from one hop. */
    @Override
    public int maxWorkers() {
        return Integer.MAX_VALUE;
    }

    @Override
    protected <E> Queue<E> newQueue(int capacity, int producers) {
        return new LinkedBlockingQueue<>(capacity);
    }
}
