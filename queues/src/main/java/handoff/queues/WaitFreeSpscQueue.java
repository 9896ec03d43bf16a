package handoff.queues;

import handoff.queues.disruptor.Sequence;

import java.util.AbstractQueue;
import java.util.Iterator;

/**
 * A wait-free single-producer single-consumer array queue: the RTT baseline's send path and the response
 * path of every RTT trial. Each side owns one index and publishes it with a release store; the other side
 * reads it with acquire, which orders the element write before the index the reader sees. Each side
 * caches the other's index and re-reads it only when the cache says full/empty, so in steady state a
 * side touches only its own cache lines. Offer and poll finish in a bounded number of steps: wait-free.
 */
public final class WaitFreeSpscQueue<E> extends AbstractQueue<E> {
    private final Object[] buffer;
    private final int mask;
    private final Sequence tail = new Sequence(0); // next slot to write; producer-owned
    private final Sequence head = new Sequence(0); // next slot to read; consumer-owned
    private final Sequence producerCache = new Sequence(0); // producer's last view of head (padded, plain use)
    private final Sequence consumerCache = new Sequence(0); // consumer's last view of tail

    public WaitFreeSpscQueue(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity " + capacity + " is not a power of two >= 2");
        }
        buffer = new Object[capacity];
        mask = capacity - 1;
    }

    @Override
    public boolean offer(E e) {
        long t = tail.getPlain();
        if (t - producerCache.getPlain() >= buffer.length) {
            producerCache.set(head.get());
            if (t - producerCache.getPlain() >= buffer.length) {
                return false;
            }
        }
        buffer[(int) t & mask] = e;
        tail.set(t + 1); // release: the element write above happens-before a reader that sees t + 1
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E poll() {
        long h = head.getPlain();
        if (h >= consumerCache.getPlain()) {
            consumerCache.set(tail.get()); // acquire: pairs with the producer's release
            if (h >= consumerCache.getPlain()) {
                return null;
            }
        }
        int i = (int) h & mask;
        E e = (E) buffer[i];
        buffer[i] = null;
        head.set(h + 1); // release: our read of the slot is done before the producer may reuse it
        return e;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E peek() {
        long h = head.getPlain();
        return h < tail.get() ? (E) buffer[(int) h & mask] : null;
    }

    @Override
    public int size() {
        return (int) Math.max(0, tail.get() - head.get());
    }

    @Override
    public Iterator<E> iterator() {
        throw new UnsupportedOperationException("a concurrent SPSC queue is not iterable");
    }
}
