package handoff.queues;

import java.util.EnumSet;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.BlockingQueue;

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

    /** Either way: one {@code poll}/{@code take} per event, or a drain of what the hop holds. */
    @Override
    public final Set<Consume> consumeModes() {
        return EnumSet.of(Consume.ONE, Consume.BATCH);
    }

    /**
     * Takes up to {@code into.limit()} events from {@code q} into {@code into} at once; returns how many. A blocking
     * queue's own {@code drainTo} here; a queue with a drain of its own overrides this (Agrona, JCTools); any other
     * queue is polled in a loop until empty or the limit ({@code ConcurrentLinkedQueue} has no drain).
     */
    protected <E> int drain(Queue<E> q, DrainBuffer<E> into) {
        if (q instanceof BlockingQueue<E> bq) {
            return bq.drainTo(into, into.limit());
        }
        int n = 0;
        for (E e; n < into.limit() && (e = q.poll()) != null; n++) {
            into.add(e);
        }
        return n;
    }

    /** What a new hop asked for {@code requested} holds: built and asked ({@link #capacityOf}). */
    @Override
    public final long heldPerHop(int requested) {
        return bounded() ? capacityOf(newQueue(requested, 1)) : -1;
    }

    /** How many events an empty {@code q} takes: a blocking queue's remaining capacity; -1 when unknown (override). */
    protected long capacityOf(Queue<?> q) {
        return q instanceof BlockingQueue<?> bq ? bq.remainingCapacity() : -1;
    }

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
