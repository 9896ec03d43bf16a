package handoff.queues.adapters;

import handoff.queues.QueueTransport;
import org.jctools.queues.MpscArrayQueue;

import java.util.Queue;

/** {@code jctools}: JCTools' MPSC array queue. */
public final class JctoolsMpscTransport extends QueueTransport {
    public JctoolsMpscTransport() {
        super("jctools", "org.jctools.queues.MpscArrayQueue", false);
    }

    @Override
    protected <E> Queue<E> newQueue(int capacity, int producers) {
        return new MpscArrayQueue<>(capacity);
    }
}
