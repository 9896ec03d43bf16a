package handoff.queues.adapters;

import handoff.queues.QueueTransport;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;

import java.util.Queue;

/**
 * {@code otoca}: Agrona's SPSC array queue, the published RTT harness's own "Baseline (wait-free)", beside the
 * hand-rolled {@code baseline}. One producer; an RTT row only, like {@code baseline}.
 */
public final class AgronaOneToOneTransport extends QueueTransport {
    public AgronaOneToOneTransport() {
        super("otoca", "org.agrona.concurrent.OneToOneConcurrentArrayQueue (the published harness's baseline)", false);
    }

    @Override
    protected <E> Queue<E> newQueue(int capacity, int producers) {
        if (producers > 1) {
            throw new IllegalArgumentException("otoca is single-producer; asked for " + producers);
        }
        return new OneToOneConcurrentArrayQueue<>(capacity);
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
