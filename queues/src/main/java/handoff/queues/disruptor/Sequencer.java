package handoff.queues.disruptor;

import java.util.Arrays;
import java.util.Objects;

/**
 * Hands out slots of a ring to producers and tracks which are published. The ring's cursor lives here;
 * so do the gating sequences, the consumers a producer must not lap.
 *
 * <p>A producer calls {@link #next} (waiting while the ring is full) or {@link #tryNext} (failing
 * instead), writes the slot(s), then {@link #publish}es. Consumers never call the sequencer directly:
 * they wait through a {@link SequenceBarrier}.
 */
public abstract class Sequencer {
    protected final int bufferSize;
    protected final WaitStrategy waitStrategy;
    /** Single producer: highest published. Multi producer: highest claimed (availability is per slot). */
    protected final Sequence cursor = new Sequence(Sequence.INITIAL);
    /**
     * Copy-on-write: changed only while wiring (rarely, under the monitor), read on the producer's
     * slow path. Volatile so a producer that already runs sees a consumer added after it started.
     */
    private volatile Sequence[] gatingSequences = new Sequence[0];

    Sequencer(int bufferSize, WaitStrategy waitStrategy) {
        if (bufferSize < 1 || Integer.bitCount(bufferSize) != 1) {
            throw new IllegalArgumentException("bufferSize " + bufferSize + " must be a power of two >= 1");
        }
        this.bufferSize = bufferSize;
        this.waitStrategy = Objects.requireNonNull(waitStrategy, "waitStrategy");
    }

    public final int bufferSize() {
        return bufferSize;
    }

    /** The cursor's current value (acquire). */
    public final long cursor() {
        return cursor.get();
    }

    /** Claims the next slot, waiting (per the wait strategy's back-off) while the ring is full. */
    public final long next() {
        return next(1);
    }

    /**
     * Claims {@code n} consecutive slots, waiting while the ring is full.
     *
     * @return the highest claimed sequence; the claim is {@code [result - n + 1, result]}
     * @throws IllegalArgumentException unless {@code 1 <= n <= bufferSize}
     */
    public abstract long next(int n);

    /** Claims the next slot, or throws at once if the ring is full. */
    public final long tryNext() throws InsufficientCapacityException {
        return tryNext(1);
    }

    /**
     * Claims {@code n} consecutive slots if there is room for all of them now.
     *
     * @throws InsufficientCapacityException when there is not (a shared instance: cheap to drop on)
     * @throws IllegalArgumentException      unless {@code 1 <= n <= bufferSize}
     */
    public abstract long tryNext(int n) throws InsufficientCapacityException;

    /** Makes a claimed, written slot visible to consumers. */
    public abstract void publish(long sequence);

    /** Publishes a claimed range {@code [lo, hi]}, waking blocked consumers once. */
    public abstract void publish(long lo, long hi);

    /** Whether {@code sequence} is published and not yet overwritten by a later lap. */
    public abstract boolean isAvailable(long sequence);

    /**
     * Highest sequence in {@code [lowerBound, available]} below which everything is published, or
     * {@code lowerBound - 1} if {@code lowerBound} itself is not. {@code available} came from the cursor.
     */
    public abstract long highestPublished(long lowerBound, long available);

    /** Whether {@code n} slots could be claimed now. Single producer: call from the producer thread. */
    public abstract boolean hasAvailableCapacity(int n);

    /** Free slots: bufferSize minus what is claimed but not yet released by the slowest gating consumer. */
    public abstract long remainingCapacity();

    /** Adds consumers that producers must not lap (the end of each chain of stages). */
    public final synchronized void addGatingSequences(Sequence... sequences) {
        Sequence[] current = gatingSequences;
        Sequence[] updated = Arrays.copyOf(current, current.length + sequences.length);
        for (int i = 0; i < sequences.length; i++) {
            updated[current.length + i] = Objects.requireNonNull(sequences[i], "gating sequence");
        }
        gatingSequences = updated;
    }

    /** Removes every occurrence of {@code sequence}; whether there was one. */
    public final synchronized boolean removeGatingSequence(Sequence sequence) {
        Sequence[] current = gatingSequences;
        Sequence[] updated = Arrays.stream(current).filter(s -> s != sequence).toArray(Sequence[]::new);
        gatingSequences = updated;
        return updated.length != current.length;
    }

    /** Slowest gating consumer, or the cursor when there is none. */
    public final long minimumGatingSequence() {
        return Sequence.minimum(gatingSequences, cursor.get());
    }

    /**
     * A barrier for a consumer that comes after {@code dependents} (none: directly after the producers).
     */
    public final SequenceBarrier newBarrier(Sequence... dependents) {
        return new SequenceBarrier(this, waitStrategy, cursor, dependents);
    }

    final Sequence[] gatingSequences() {
        return gatingSequences;
    }

    final void checkClaim(int n) {
        if (n < 1 || n > bufferSize) {
            throw new IllegalArgumentException("n " + n + " must be >= 1 and <= bufferSize " + bufferSize);
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{bufferSize=" + bufferSize + ", waitStrategy=" + waitStrategy
                + ", cursor=" + cursor + ", gating=" + Arrays.toString(gatingSequences) + '}';
    }
}
