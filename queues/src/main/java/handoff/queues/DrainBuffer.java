package handoff.queues;

import java.util.AbstractCollection;
import java.util.Arrays;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * Where a batch consumer ({@link Consume#BATCH}) drains its hop, one per worker, reused for every batch so draining
 * allocates nothing: the collection the JDK's {@code drainTo} adds to, the consumer Agrona's and JCTools' {@code drain}
 * hand each element to. The worker handles the batch after the drain returned, outside the queue's lock (a blocking
 * queue's {@code drainTo} holds it for the whole drain), then {@link #clear()}s it.
 */
public final class DrainBuffer<E> extends AbstractCollection<E>
        implements Consumer<E>, org.jctools.queues.MessagePassingQueue.Consumer<E> {
    private final Object[] items;
    private int size;

    public DrainBuffer(int limit) {
        items = new Object[limit];
    }

    /** Most events one drain may take. */
    public int limit() {
        return items.length;
    }

    @Override
    public boolean add(E e) {
        items[size++] = e;
        return true;
    }

    @Override
    public void accept(E e) {
        items[size++] = e;
    }

    @SuppressWarnings("unchecked")
    public E get(int i) {
        return (E) items[i];
    }

    @Override
    public int size() {
        return size;
    }

    /** Forgets the batch (and its references, so handled events do not stay reachable from here). */
    @Override
    public void clear() {
        Arrays.fill(items, 0, size, null);
        size = 0;
    }

    @Override
    public Iterator<E> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            @SuppressWarnings("unchecked")
            public E next() {
                return (E) items[next++];
            }
        };
    }
}
