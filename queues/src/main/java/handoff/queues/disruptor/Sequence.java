package handoff.queues.disruptor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Left-hand padding: fields of a superclass are laid out before those of a subclass on every JDK. */
abstract class LhsPadding {
    protected byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015,
            p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031,
            p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047,
            p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063,
            p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079,
            p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095,
            p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111,
            p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

abstract class Value extends LhsPadding {
    protected volatile long value;
}

/** Right-hand padding, so the next object on the heap cannot share the value's cache line either. */
abstract class RhsPadding extends Value {
    protected byte p200, p201, p202, p203, p204, p205, p206, p207, p208, p209, p210, p211, p212, p213, p214, p215,
            p216, p217, p218, p219, p220, p221, p222, p223, p224, p225, p226, p227, p228, p229, p230, p231,
            p232, p233, p234, p235, p236, p237, p238, p239, p240, p241, p242, p243, p244, p245, p246, p247,
            p248, p249, p250, p251, p252, p253, p254, p255, p256, p257, p258, p259, p260, p261, p262, p263,
            p264, p265, p266, p267, p268, p269, p270, p271, p272, p273, p274, p275, p276, p277, p278, p279,
            p280, p281, p282, p283, p284, p285, p286, p287, p288, p289, p290, p291, p292, p293, p294, p295,
            p296, p297, p298, p299, p300, p301, p302, p303, p304, p305, p306, p307, p308, p309, p310, p311,
            p312, p313, p314, p315, p316, p317, p318, p319, p320, p321, p322, p323, p324, p325, p326, p327;
}

/**
 * A counter that one thread advances and others read, alone on its cache lines (128 bytes either side,
 * covering adjacent-line prefetch). Padding uses the class hierarchy because since JDK 15 the field
 * layout packs a class's own fields freely but still places superclass fields first.
 */
public class Sequence extends RhsPadding {
    public static final long INITIAL = -1L;
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().in(Sequence.class).findVarHandle(Value.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public Sequence() {
        this(INITIAL);
    }

    public Sequence(long initial) {
        VALUE.setRelease(this, initial);
    }

    /** Acquire read: everything written before the matching release store is visible after it. */
    public long get() {
        return (long) VALUE.getAcquire(this);
    }

    /** Plain read, for the owning thread only. */
    public long getPlain() {
        return (long) VALUE.get(this);
    }

    /** Release store: publishes every earlier write with it, without the StoreLoad fence of volatile. */
    public void set(long v) {
        VALUE.setRelease(this, v);
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

    @Override
    public String toString() {
        return Long.toString(get());
    }
}
