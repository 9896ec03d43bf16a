package handoff.queues.disruptor;

import handoff.queues.Translator;

import java.util.Objects;
import java.util.function.Supplier;

/** Keeps the ring's read-only fields off lines that neighbouring objects (e.g. slot flags) write. */
abstract class RingBufferLhsPadding {
    protected long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;
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
    protected long p17, p18, p19, p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p30, p31, p32;

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
