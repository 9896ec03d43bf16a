package handoff.queues.disruptor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Left-hand padding, 128 bytes: two cache lines, because adjacent-line prefetch pulls lines in pairs.
 * Padding goes in superclasses because the JDK 15+ field layout packs a class's own fields as it likes
 * but places a subclass's fields after its superclass's, except that they may fill holes the
 * superclass left. Bytes, not longs: bytes leave no hole (the 4 bytes after a 12-byte header would be
 * one), so no later field can be slotted in front of the padding.
 */
abstract class SequenceLhsPadding {
    protected byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015,
            p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031,
            p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047,
            p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063,
            p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079,
            p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095,
            p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111,
            p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

abstract class SequenceValue extends SequenceLhsPadding {
    /** Never read or written directly: every access says its memory ordering through {@code VALUE}. */
    protected long value;
}

/** Right-hand padding, so whatever the heap puts after this object cannot share the value's lines. */
abstract class SequenceRhsPadding extends SequenceValue {
    protected byte p128, p129, p130, p131, p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143,
            p144, p145, p146, p147, p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159,
            p160, p161, p162, p163, p164, p165, p166, p167, p168, p169, p170, p171, p172, p173, p174, p175,
            p176, p177, p178, p179, p180, p181, p182, p183, p184, p185, p186, p187, p188, p189, p190, p191,
            p192, p193, p194, p195, p196, p197, p198, p199, p200, p201, p202, p203, p204, p205, p206, p207,
            p208, p209, p210, p211, p212, p213, p214, p215, p216, p217, p218, p219, p220, p221, p222, p223,
            p224, p225, p226, p227, p228, p229, p230, p231, p232, p233, p234, p235, p236, p237, p238, p239,
            p240, p241, p242, p243, p244, p245, p246, p247, p248, p249, p250, p251, p252, p253, p254, p255;
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
        // Release orders this store before any later store of this thread, the one that shares the
        // reference included. It does not protect a thread that gets the reference through a data race
        // (no acquire on its side): the JMM lets that thread see the default 0, as for any non-final
        // field. Share a Sequence safely (a final or volatile field, a thread start, a concurrent
        // collection), as this package does: a processor's sequence is a final field of the processor.
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
