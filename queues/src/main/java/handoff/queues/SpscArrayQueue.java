package handoff.queues;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.AbstractQueue;
import java.util.Iterator;
import java.util.Objects;

/** 128 bytes before the producer's fields: no object allocated just before this one shares their lines. */
abstract class SpscPadBefore<E> extends AbstractQueue<E> {
    protected byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015,
            p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031,
            p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047,
            p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063,
            p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079,
            p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095,
            p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111,
            p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

/** The producer's own fields, written by the producer thread only, on lines of their own. */
abstract class SpscProducerFields<E> extends SpscPadBefore<E> {
    /** Next index to write. */
    protected long tail;
    /** The consumer's {@code head} as the producer last read it: never ahead of the real one. */
    protected long headCache;
}

/** 128 bytes between the two sides, so the consumer's writes of {@code head} leave the producer's line alone. */
abstract class SpscPadBetween<E> extends SpscProducerFields<E> {
    protected byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015,
            q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031,
            q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047,
            q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063,
            q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079,
            q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095,
            q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111,
            q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;
}

/** The consumer's own field. */
abstract class SpscConsumerFields<E> extends SpscPadBetween<E> {
    /** Next index to read. Written by the consumer only; read by the producer when its cache says full. */
    protected long head;
}

/** 128 bytes after, against whatever object is allocated next. */
abstract class SpscPadAfter<E> extends SpscConsumerFields<E> {
    protected byte r000, r001, r002, r003, r004, r005, r006, r007, r008, r009, r010, r011, r012, r013, r014, r015,
            r016, r017, r018, r019, r020, r021, r022, r023, r024, r025, r026, r027, r028, r029, r030, r031,
            r032, r033, r034, r035, r036, r037, r038, r039, r040, r041, r042, r043, r044, r045, r046, r047,
            r048, r049, r050, r051, r052, r053, r054, r055, r056, r057, r058, r059, r060, r061, r062, r063,
            r064, r065, r066, r067, r068, r069, r070, r071, r072, r073, r074, r075, r076, r077, r078, r079,
            r080, r081, r082, r083, r084, r085, r086, r087, r088, r089, r090, r091, r092, r093, r094, r095,
            r096, r097, r098, r099, r100, r101, r102, r103, r104, r105, r106, r107, r108, r109, r110, r111,
            r112, r113, r114, r115, r116, r117, r118, r119, r120, r121, r122, r123, r124, r125, r126, r127;
}

/**
 * A single-producer single-consumer array queue with cached indices: the RTT baseline's send path (the floor
 * every transport is measured against) and the response path of every RTT trial.
 *
 * <p>How the two threads meet, and why each access has the ordering it has:
 * <ul>
 *   <li>The consumer learns "not empty" from the slot itself (a non-null element), so it never reads the
 *       producer's {@code tail}: one cache line (the slot's) moves to the consumer per hand-off.</li>
 *   <li>The producer learns "not full" from {@code headCache}, its private copy of the consumer's
 *       {@code head}. A copy can only lag, so "room" by the copy is always room. Only when the copy says
 *       full does it read the real {@code head} (one miss per lap of the array instead of one per element),
 *       and it never reads a slot: a burst costs no round trip to the consumer's core per message.</li>
 *   <li>The element is stored with release and loaded with acquire: whatever the producer wrote into it
 *       before {@code offer} is visible to the consumer that sees it.</li>
 *   <li>The consumer empties the slot (so a later lap sees it empty), then stores {@code head} with release;
 *       the producer loads {@code head} with acquire before writing that slot again. So the consumer has read
 *       the element and written the null before the producer can overwrite the slot: neither the old element
 *       nor the null can land on top of the new one.</li>
 *   <li>Everything else is plain: each index has one writer, which reads its own field. {@code tail} is
 *       written opaque only so that {@link #size()} may read it from elsewhere without tearing.</li>
 * </ul>
 * Both operations finish in a bounded number of steps: wait-free. Written for this study from the
 * description above; the published harness's baseline, Agrona's {@code OneToOneConcurrentArrayQueue}, is
 * registered beside it as {@code otoca}.
 */
public final class SpscArrayQueue<E> extends SpscPadAfter<E> {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    /** Slots of padding at each end of the array, so no neighbouring object shares the first or last slot's line. */
    private static final int PAD = 32;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(SpscConsumerFields.class, "head", long.class);
            TAIL = lookup.findVarHandle(SpscProducerFields.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] buffer;
    private final int capacity;
    private final int mask;

    public SpscArrayQueue(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity " + capacity + " is not a power of two >= 2");
        }
        this.buffer = new Object[capacity + 2 * PAD];
        this.capacity = capacity;
        this.mask = capacity - 1;
    }

    private int slot(long index) {
        return PAD + ((int) index & mask);
    }

    /** Producer thread only. */
    @Override
    public boolean offer(E e) {
        Objects.requireNonNull(e, "null elements mark empty slots");
        long t = tail; // plain: the producer is its only writer
        if (t - headCache >= capacity) {
            // acquire: pairs with poll's release of head, so that slot's last element was read and its null
            // written before the store below can reach it
            headCache = (long) HEAD.getAcquire(this);
            if (t - headCache >= capacity) {
                return false; // really full
            }
        }
        SLOT.setRelease(buffer, slot(t), e); // release: the element's contents are visible with it
        TAIL.setOpaque(this, t + 1); // opaque: ordering nobody needs; size() just must not see a torn long
        return true;
    }

    /** Consumer thread only. */
    @Override
    @SuppressWarnings("unchecked")
    public E poll() {
        long h = head; // plain: the consumer is its only writer
        int i = slot(h);
        E e = (E) SLOT.getAcquire(buffer, i); // acquire: pairs with offer's release of the element
        if (e == null) {
            return null;
        }
        // plain: the release of head below orders it before the producer's next write of this slot, and this
        // thread's own next read of the slot sees it or that later write
        SLOT.set(buffer, i, null);
        HEAD.setRelease(this, h + 1); // release: the slot is read and emptied before the producer may reuse it
        return e;
    }

    /** Consumer thread only. */
    @Override
    @SuppressWarnings("unchecked")
    public E peek() {
        return (E) SLOT.getAcquire(buffer, slot(head));
    }

    /** From any thread, approximate: the indices as last seen. */
    @Override
    public int size() {
        long n = (long) TAIL.getOpaque(this) - (long) HEAD.getOpaque(this);
        return (int) Math.max(0, Math.min(capacity, n));
    }

    @Override
    public Iterator<E> iterator() {
        throw new UnsupportedOperationException("a concurrent SPSC queue is not iterable");
    }
}
