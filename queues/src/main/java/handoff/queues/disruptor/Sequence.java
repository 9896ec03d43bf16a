package handoff.queues.disruptor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Left-hand padding, 128 bytes: two cache lines, because adjacent-line prefetch pulls lines in pairs.
 * Padding goes in superclasses because the JDK 15+ field layout packs a class's own fields as it likes
 * but always places a superclass's fields before a subclass's. Longs, not bytes, so no subclass field
 * can be slotted into an alignment hole on the wrong side of the value.
 */
abstract class SequenceLhsPadding {
    protected long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
}

abstract class SequenceValue extends SequenceLhsPadding {
    /** Never read or written directly: every access says its memory ordering through {@code VALUE}. */
    protected long value;
}

/** Right-hand padding, so whatever the heap puts after this object cannot share the value's lines. */
abstract class SequenceRhsPadding extends SequenceValue {
    protected long p17, p18, p19, p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p30, p31, p32;
}

/**
 * A counter that one thread advances and others read, alone on its cache lines. The accessors name
 * their ordering so every call site states what it relies on:
 * <ul>
 * <li>{@link #getPlain()}: the owning thread reading its own value;</li>
 * <li>{@link #get()} (acquire) pairs with {@link #set(long)} (release): everything written before the
 * release store is visible to a thread whose acquire load returns that value. On x86 both are plain
 * moves; only the compiler is constrained;</li>
 * <li>{@link #getOpaque()}/{@link #setOpaque(long)}: atomic and eventually visible, no ordering of other
 * memory; for progress counters that publish nothing;</li>
 * <li>{@link #setVolatile(long)}: also orders the store before later loads (StoreLoad), the one fence a
 * release store lacks; needed only where a thread writes then reads another thread's variable and must
 * not miss it (Dekker-style).</li>
 * </ul>
 */
public final class Sequence extends SequenceRhsPadding {
    /** Value of a sequence before anything has been claimed, published or consumed. */
    public static final long INITIAL = -1L;

    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(SequenceValue.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public Sequence() {
        this(INITIAL);
    }

    public Sequence(long initial) {
        // Release so that even a Sequence shared through a data race is never seen with its default 0.
        VALUE.setRelease(this, initial);
    }

    /** Acquire load: everything written before the matching release store is visible after it. */
    public long get() {
        return (long) VALUE.getAcquire(this);
    }

    /** Plain load, for the owning thread only (or where a later acquire re-validates it). */
    public long getPlain() {
        return (long) VALUE.get(this);
    }

    /** Opaque load: atomic and never hoisted out of a loop, but orders nothing else. */
    public long getOpaque() {
        return (long) VALUE.getOpaque(this);
    }

    /** Volatile load: sequentially consistent with other volatile accesses. */
    public long getVolatile() {
        return (long) VALUE.getVolatile(this);
    }

    /** Release store: publishes every earlier write with it, without the StoreLoad fence of volatile. */
    public void set(long v) {
        VALUE.setRelease(this, v);
    }

    /** Plain store, for a value nobody else reads yet (set-up before the sequence is shared). */
    public void setPlain(long v) {
        VALUE.set(this, v);
    }

    /** Opaque store: atomic and eventually visible, orders nothing else. */
    public void setOpaque(long v) {
        VALUE.setOpaque(this, v);
    }

    /** Volatile store, for the rare place that must also order later loads (e.g. before parking). */
    public void setVolatile(long v) {
        VALUE.setVolatile(this, v);
    }

    public boolean compareAndSet(long expected, long v) {
        return VALUE.compareAndSet(this, expected, v);
    }

    public long incrementAndGet() {
        return addAndGet(1);
    }

    public long addAndGet(long delta) {
        return (long) VALUE.getAndAdd(this, delta) + delta;
    }

    public long getAndAdd(long delta) {
        return (long) VALUE.getAndAdd(this, delta);
    }

    /**
     * Smallest value among {@code sequences} (acquire loads), or {@code ceiling} if that is smaller or
     * the array is empty. Acquire, because a caller that sees a consumer at {@code s} goes on to
     * overwrite or read the slots up to {@code s}: the consumer's accesses must be ordered before.
     */
    public static long minimum(Sequence[] sequences, long ceiling) {
        long min = ceiling;
        for (Sequence s : sequences) {
            long v = s.get();
            if (v < min) {
                min = v;
            }
        }
        return min;
    }

    @Override
    public String toString() {
        return Long.toString(get());
    }
}
