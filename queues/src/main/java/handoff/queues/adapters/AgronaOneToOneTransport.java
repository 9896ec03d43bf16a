package handoff.queues.adapters;

import org.agrona.concurrent.OneToOneConcurrentArrayQueue;

import java.util.Queue;

/**
 * {@code otoca}: Agrona's SPSC array queue, the published RTT harness's own "Baseline (wait-free)", beside the
 * hand-rolled {@code baseline}. One producer; an RTT row only, like {@code baseline}.
 */
public final class AgronaOneToOneTransport extends SpscQueueTransport {
    public AgronaOneToOneTransport() {
        super("otoca", "org.agrona.concurrent.OneToOneConcurrentArrayQueue (the published harness's baseline)");
    }

    @Override
    protected <E> Queue<E> newSpscQueue(int capacity) {
        return new OneToOneConcurrentArrayQueue<>(capacity);
    }
}
