package handoff.queues.adapters;

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
}
