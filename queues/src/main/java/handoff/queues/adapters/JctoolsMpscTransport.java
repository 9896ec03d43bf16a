package handoff.queues.adapters;

import handoff.queues.DrainBuffer;
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

    /** JCTools' own {@code drain(Consumer, limit)} (the {@code MessagePassingQueue} one). */
    @Override
    protected <E> int drain(Queue<E> q, DrainBuffer<E> into) {
        return ((MpscArrayQueue<E>) q).drain((org.jctools.queues.MessagePassingQueue.Consumer<E>) into, into.limit());
    }

    /** Its storage is a power of two: rounded up from what was asked. */
    @Override
    protected long capacityOf(Queue<?> q) {
        return ((MpscArrayQueue<?>) q).capacity();
    }
}
