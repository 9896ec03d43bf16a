package handoff.queues.disruptor;

import handoff.queues.Translator;

import java.util.Objects;
import java.util.function.Supplier;

/** Keeps the ring's read-only fields off lines that neighbouring objects (e.g. slot flags) write. */
abstract class RingBufferLhsPadding {
    protected byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015,
            p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031,
            p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047,
            p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063,
            p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079,
            p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095,
            p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111,
            p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

abstract class RingBufferFields<E> extends RingBufferLhsPadding {
    /**
     * Slots live at {@code [PAD, PAD + bufferSize)}: 128 bytes of unused references either side keep
     * the first and last slots' references off lines shared with the array header or a neighbour.
     */
    static final int PAD = 32;

    protected final Object[] entries;
    protected final int indexMask;
    protected final Sequencer sequencer;

    RingBufferFields(Supplier<? extends E> factory, Sequencer sequencer) {
        Objects.requireNonNull(factory, "factory");
        this.sequencer = sequencer;
        int size = sequencer.bufferSize();
        this.indexMask = size - 1;
        this.entries = new Object[PAD + size + PAD];
        for (int i = 0; i < size; i++) {
            entries[PAD + i] = Objects.requireNonNull(factory.get(), "event factory returned null");
        }
        // A final field: the events the factory built are visible to every thread that sees the ring.
    }
}

/**
 * A fixed ring of pre-allocated events, reused lap after lap: producers claim a slot, fill the event in
 * place and publish its sequence, so steady-state hand-off allocates nothing.
 *
 * <pre>{@code
 * long seq = ring.next();          // claim (waits while the ring is full)
 * try {
 *     ring.get(seq).value = 42;    // fill in place
 * } finally {
 *     ring.publish(seq);           // always publish a claim, or the consumers stall at it
 * }
 * }</pre>
 */
public final class RingBuffer<E> extends RingBufferFields<E> {
    protected byte p128, p129, p130, p131, p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143,
            p144, p145, p146, p147, p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159,
            p160, p161, p162, p163, p164, p165, p166, p167, p168, p169, p170, p171, p172, p173, p174, p175,
            p176, p177, p178, p179, p180, p181, p182, p183, p184, p185, p186, p187, p188, p189, p190, p191,
            p192, p193, p194, p195, p196, p197, p198, p199, p200, p201, p202, p203, p204, p205, p206, p207,
            p208, p209, p210, p211, p212, p213, p214, p215, p216, p217, p218, p219, p220, p221, p222, p223,
            p224, p225, p226, p227, p228, p229, p230, p231, p232, p233, p234, p235, p236, p237, p238, p239,
            p240, p241, p242, p243, p244, p245, p246, p247, p248, p249, p250, p251, p252, p253, p254, p255;

    private RingBuffer(Supplier<? extends E> factory, Sequencer sequencer) {
        super(factory, sequencer);
    }

    /**
     * @param bufferSize a power of two
     * @throws IllegalArgumentException if it is not
     */
    public static <E> RingBuffer<E> create(ProducerType type, Supplier<? extends E> factory, int bufferSize,
                                           WaitStrategy waitStrategy) {
        Sequencer sequencer = switch (Objects.requireNonNull(type, "type")) {
            case SINGLE -> new SingleProducerSequencer(bufferSize, waitStrategy);
            case MULTI -> new MultiProducerSequencer(bufferSize, waitStrategy);
        };
        return new RingBuffer<>(factory, sequencer);
    }

    public static <E> RingBuffer<E> createSingleProducer(Supplier<? extends E> factory, int bufferSize,
                                                         WaitStrategy waitStrategy) {
        return create(ProducerType.SINGLE, factory, bufferSize, waitStrategy);
    }

    public static <E> RingBuffer<E> createMultiProducer(Supplier<? extends E> factory, int bufferSize,
                                                        WaitStrategy waitStrategy) {
        return create(ProducerType.MULTI, factory, bufferSize, waitStrategy);
    }

    /**
     * The event in {@code sequence}'s slot. A producer may write it between claim and publish; a consumer
     * may read it once its barrier has returned {@code sequence} or beyond.
     */
    @SuppressWarnings("unchecked")
    public E get(long sequence) {
        return (E) entries[PAD + ((int) sequence & indexMask)];
    }

    /** @see Sequencer#next() */
    public long next() {
        return sequencer.next(1);
    }

    /** @see Sequencer#next(int) */
    public long next(int n) {
        return sequencer.next(n);
    }

    /** @see Sequencer#tryNext() */
    public long tryNext() throws InsufficientCapacityException {
        return sequencer.tryNext(1);
    }

    /** @see Sequencer#tryNext(int) */
    public long tryNext(int n) throws InsufficientCapacityException {
        return sequencer.tryNext(n);
    }

    public void publish(long sequence) {
        sequencer.publish(sequence);
    }

    public void publish(long lo, long hi) {
        sequencer.publish(lo, hi);
    }

    /**
     * Claims a slot, lets {@code translator} fill it and publishes it, even if the translator throws
     * (a claimed slot left unpublished would stall every consumer at it).
     */
    public void publishEvent(Translator<E> translator, long a, long b) {
        long sequence = sequencer.next(1);
        try {
            translator.translateTo(get(sequence), a, b);
        } finally {
            sequencer.publish(sequence);
        }
    }

    /** {@link #publishEvent} if there is room now; false (event dropped) if the ring is full. */
    public boolean tryPublishEvent(Translator<E> translator, long a, long b) {
        long sequence;
        try {
            sequence = sequencer.tryNext(1);
        } catch (InsufficientCapacityException full) {
            return false;
        }
        try {
            translator.translateTo(get(sequence), a, b);
        } finally {
            sequencer.publish(sequence);
        }
        return true;
    }

    public boolean isAvailable(long sequence) {
        return sequencer.isAvailable(sequence);
    }

    public boolean hasAvailableCapacity(int n) {
        return sequencer.hasAvailableCapacity(n);
    }

    public long remainingCapacity() {
        return sequencer.remainingCapacity();
    }

    /** @see Sequencer#cursor() */
    public long cursor() {
        return sequencer.cursor();
    }

    public int bufferSize() {
        return sequencer.bufferSize();
    }

    /** @see Sequencer#addGatingSequences(Sequence...) (sets each one to the cursor; safe while producing) */
    public void addGatingSequences(Sequence... sequences) {
        sequencer.addGatingSequences(sequences);
    }

    public boolean removeGatingSequence(Sequence sequence) {
        return sequencer.removeGatingSequence(sequence);
    }

    public long minimumGatingSequence() {
        return sequencer.minimumGatingSequence();
    }

    /** @see Sequencer#newBarrier(Sequence...) */
    public SequenceBarrier newBarrier(Sequence... dependents) {
        return sequencer.newBarrier(dependents);
    }

    @Override
    public String toString() {
        return "RingBuffer{" + sequencer + '}';
    }
}
