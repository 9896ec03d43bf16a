package handoff.queues.adapters;

import handoff.queues.DrainBuffer;
import handoff.queues.QueueTransport;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;

import java.util.Queue;

/** {@code mtoca}: Agrona's MPSC array queue (needs --add-opens java.base/jdk.internal.misc, set by the launcher). */
public final class AgronaManyToOneTransport extends QueueTransport {
    public AgronaManyToOneTransport() {
        super("mtoca", "org.agrona.concurrent.ManyToOneConcurrentArrayQueue", false);
    }

    @Override
    protected <E> Queue<E> newQueue(int capacity, int producers) {
        return new ManyToOneConcurrentArrayQueue<>(capacity);
    }

    /** Agrona's own {@code drain(Consumer, limit)}: frees each slot, then hands the element over. */
    @Override
    protected <E> int drain(Queue<E> q, DrainBuffer<E> into) {
        return ((ManyToOneConcurrentArrayQueue<E>) q).drain(into, into.limit());
    }

    /** Its storage is a power of two: rounded up from what was asked. */
    @Override
    protected long capacityOf(Queue<?> q) {
        return ((ManyToOneConcurrentArrayQueue<?>) q).capacity();
    }
}
