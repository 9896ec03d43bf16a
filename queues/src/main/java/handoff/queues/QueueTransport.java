package handoff.queues;

import java.util.EnumSet;
import java.util.Queue;

/**
 * Base for every transport that is a {@link Queue}: a subclass only says which queue to make.
 * All of them share {@link QueueChain}, so no two queue transports differ in anything but the queue.
 */
public abstract class QueueTransport extends AbstractTransport {
    /**
     * @param blocking whether {@link #newQueue} returns a {@link java.util.concurrent.BlockingQueue},
     *                 which is what makes {@link Wait#BLOCK} (put/take) available
     */
    protected QueueTransport(String id, String description, boolean blocking) {
        super(id, description, blocking ? EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK)
                : EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK));
    }

    /**
     * A new queue for one hop.
     *
     * @param capacity  requested capacity (a power of two); unbounded queues ignore it
     * @param producers how many threads will offer to it (its consumers are one stage's workers: one,
     *                  unless the subclass raises {@link #maxWorkers()})
     */
    protected abstract <E> Queue<E> newQueue(int capacity, int producers);

    /**
     * A multi-consumer queue lets a producer poll the first hop's head like one more parse worker would; a
     * single-consumer queue does not (its poll is unsafe from a second thread).
     */
    @Override
    public String discardOldestUnsupported() {
        return maxWorkers() > 1 ? null : id() + " is a single-consumer queue: a producer polling its head would be a second consumer";
    }

    @Override
    protected final <E> Chain<E> build(ChainSpec<E> spec) {
        return new QueueChain<>(this, spec);
    }
}
