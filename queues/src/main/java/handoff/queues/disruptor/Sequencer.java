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
     * Copy-on-write: changed rarely, under the monitor; read on the producer's slow path. Volatile: the
     * run-time add in {@link #addGatingSequences} relies on its write and the producers' reads being
     * totally ordered with the cursor's atomic updates (see there).
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

    /**
     * Adds consumers that producers must not lap (the end of each chain of stages), before or while
     * producers run. Each sequence is <b>set to the cursor</b> (whatever it held): its consumer's first
     * event is the one after the cursor, i.e. the next published one for a single producer, the next
     * claimed one for several (claims in flight are skipped). Add a consumer before it runs, never one
     * that is already running or already gating.
     *
     * <p>Why a producer that already runs cannot lap the new consumer: a producer overwrites a slot on
     * the strength of a minimum it read earlier (its cache), so the new sequence must not be below any
     * minimum a producer may still act on. Such a minimum was read either from the new array, and then
     * includes the new sequence, or from the old one. In the latter case the producer read the old array
     * before this method replaced it, and every minimum is capped by the producer's position when it read
     * the array (multi producer: its claim, an atomic add or CAS of the cursor, also for a minimum another
     * producer computed and shared through the cache; single producer: its last publish, fenced before
     * the read). The array and the cursor's atomic updates take part in one total order, so the cursor
     * read <em>after</em> the replacement is at least that position; the sequence is set to it (a second
     * time: the first, before the sequence is visible, only spares producers a stale value). The sequence only moves forward, and a minimum over more sequences is never larger, so no
     * producer gains room from the add while it happens.
     *
     * @throws IllegalArgumentException if a sequence is already gating this sequencer, or given twice
     */
    public final synchronized void addGatingSequences(Sequence... sequences) {
        Sequence[] current = gatingSequences;
        Sequence[] updated = Arrays.copyOf(current, current.length + sequences.length);
        for (int i = 0; i < sequences.length; i++) {
            Sequence s = Objects.requireNonNull(sequences[i], "gating sequence");
            for (int j = 0; j < current.length + i; j++) {
                if (updated[j] == s) {
                    throw new IllegalArgumentException("sequence " + s + " is already gating this sequencer"
                            + " (setting it to the cursor would skip events its consumer has not read)");
                }
            }
            updated[current.length + i] = s;
        }
        moveTo(sequences, cursor.getVolatile());
        gatingSequences = updated;
        moveTo(sequences, cursor.getVolatile());
    }

    private static void moveTo(Sequence[] sequences, long position) {
        for (Sequence s : sequences) {
            // Release, like a consumer's own progress: a producer that acquires it may reuse the slots
            // of the sequences up to it.
            s.set(position);
        }
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
