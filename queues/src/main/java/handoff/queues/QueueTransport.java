package handoff.queues;

import java.util.EnumSet;
import java.util.Queue;
import java.util.Set;

/**
 * Base for every transport that is a {@link Queue}: a subclass only says which queue to make.
 * All of them share {@link QueueChain}, so no two queue transports differ in anything but the queue.
 */
public abstract class QueueTransport implements Transport {
    private final String id;
    private final String description;
    private final Set<Wait> waits;

    /**
     * @param blocking whether {@link #newQueue} returns a {@link java.util.concurrent.BlockingQueue},
     *                 which is what makes {@link Wait#BLOCK} (put/take) available
     */
    protected QueueTransport(String id, String description, boolean blocking) {
        this.id = id;
        this.description = description;
        this.waits = blocking ? EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK)
                : EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK);
    }

    /**
     * A new queue for one hop.
     *
     * @param capacity  requested capacity (a power of two); unbounded queues ignore it
     * @param producers how many threads will offer to it (the consumer is always one thread)
     */
    protected abstract <E> Queue<E> newQueue(int capacity, int producers);

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Set<Wait> waits() {
        return waits;
    }

    @Override
    public <E> Chain<E> chain(ChainSpec<E> spec) {
        String why = unsupported(spec.waitStrategy(), spec.producers());
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        return new QueueChain<>(this, spec);
    }

    @Override
    public String toString() {
        return id;
    }
}
