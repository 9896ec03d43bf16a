package handoff.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.AbstractQueue;
import java.util.Iterator;

/** The producer's index, alone on its cache lines. */
abstract class SpscProducerIndex<E> extends AbstractQueue<E> {
    protected byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015,
            p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031,
            p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047,
            p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    /** Next slot to write. Producer thread only. */
    protected long tail;
}

/** The consumer's index, on cache lines of its own. */
abstract class SpscConsumerIndex<E> extends SpscProducerIndex<E> {
    protected byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015,
            q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031,
            q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047,
            q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    /** Next slot to read. Consumer thread only. */
    protected long head;
    protected byte r000, r001, r002, r003, r004, r005, r006, r007, r008, r009, r010, r011, r012, r013, r014, r015,
            r016, r017, r018, r019, r020, r021, r022, r023, r024, r025, r026, r027, r028, r029, r030, r031,
            r032, r033, r034, r035, r036, r037, r038, r039, r040, r041, r042, r043, r044, r045, r046, r047,
            r048, r049, r050, r051, r052, r053, r054, r055, r056, r057, r058, r059, r060, r061, r062, r063;
}

/**
 * A wait-free single-producer single-consumer array queue: the RTT baseline's send path and the response
 * path of every RTT trial. Each side keeps its index to itself; they meet only in the slots (after
 * FastFlow): the producer may write a slot it sees empty (null) and the consumer may take a slot it sees
 * full. The producer's release store of the element pairs with the consumer's acquire load of it, so the
 * element's contents are visible with it; the consumer's release store of null pairs with the producer's
 * acquire load, so the consumer is done with the slot before it is reused. A hand-off therefore moves
 * one cache line (the slot's) between the cores, and offer and poll finish in a bounded number of
 * steps: wait-free.
 */
public final class WaitFreeSpscQueue<E> extends SpscConsumerIndex<E> {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final int PAD = 32; // keep neighbouring heap objects off the first and last slots' lines

    private final Object[] buffer;
    private final int mask;

    public WaitFreeSpscQueue(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity " + capacity + " is not a power of two >= 2");
        }
        buffer = new Object[capacity + 2 * PAD];
        mask = capacity - 1;
    }

    private int slot(long index) {
        return PAD + ((int) index & mask);
    }

    @Override
    public boolean offer(E e) {
        if (e == null) {
            throw new NullPointerException("null elements mark empty slots");
        }
        int i = slot(tail);
        if (SLOT.getAcquire(buffer, i) != null) {
            return false; // full: the consumer has not taken this slot's previous element yet
        }
        SLOT.setRelease(buffer, i, e);
        tail++;
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E poll() {
        int i = slot(head);
        E e = (E) SLOT.getAcquire(buffer, i);
        if (e == null) {
            return null;
        }
        SLOT.setRelease(buffer, i, null);
        head++;
        return e;
    }

    /** Consumer thread only. */
    @Override
    @SuppressWarnings("unchecked")
    public E peek() {
        return (E) SLOT.getAcquire(buffer, slot(head));
    }

    /** Approximate from any thread but the two: counts full slots. */
    @Override
    public int size() {
        int n = 0;
        for (int i = PAD; i < PAD + mask + 1; i++) {
            if (SLOT.getOpaque(buffer, i) != null) {
                n++;
            }
        }
        return n;
    }

    @Override
    public Iterator<E> iterator() {
        throw new UnsupportedOperationException("a concurrent SPSC queue is not iterable");
    }
}
