package handoff.queues.disruptor;

import java.util.Objects;

/**
 * What a consumer waits on: the ring's cursor, or the stages it comes after. It owns the alert flag
 * that gets a consumer out of any wait when its processor is halted.
 */
public final class SequenceBarrier {
    private final Sequencer sequencer;
    private final WaitStrategy waitStrategy;
    private final Sequence cursor;
    /** Never empty: the upstream stages, or the cursor alone for a first stage. */
    private final Sequence[] dependents;
    /**
     * True behind other stages. Those stages advance only past published slots, so their minimum is
     * already a published bound and the per-slot scan of a multi-producer ring can be skipped.
     */
    private final boolean afterStages;
    private volatile boolean alerted;

    SequenceBarrier(Sequencer sequencer, WaitStrategy waitStrategy, Sequence cursor, Sequence[] dependents) {
        this.sequencer = sequencer;
        this.waitStrategy = waitStrategy;
        this.cursor = cursor;
        this.afterStages = dependents.length > 0;
        this.dependents = afterStages ? dependents.clone() : new Sequence[] {cursor};
        for (Sequence s : this.dependents) {
            Objects.requireNonNull(s, "dependent sequence");
        }
    }

    /**
     * Waits until {@code sequence} is readable.
     *
     * @return {@code r >= sequence} such that every sequence in {@code [sequence, r]} is readable (published,
     * and handled by the stages this barrier comes after): the consumer may take the whole batch. It is
     * not necessarily the highest readable one, which may have moved on since
     * @throws AlertException if the barrier is (or becomes) alerted
     */
    public long waitFor(long sequence) throws AlertException {
        checkAlert();
        long available = waitStrategy.waitFor(sequence, cursor, dependents, this);
        if (afterStages) {
            return available;
        }
        long published = sequencer.highestPublished(sequence, available);
        int attempt = 0;
        while (published < sequence) {
            // Multi producer: `sequence` is claimed but its producer is between claim and publish.
            // Back off rather than spin on the flag: that producer may be waiting for our CPU.
            checkAlert();
            waitStrategy.backOff(attempt++);
            published = sequencer.highestPublished(sequence, available);
        }
        return published;
    }

    /**
     * {@link #waitFor} without the wait. A result {@code r >= sequence} means every sequence in
     * {@code [sequence, r]} is readable now. A result below {@code sequence} means only that
     * {@code sequence} is not readable yet: it is then no bound on what is readable, since for a
     * multi-producer ring it can be the <em>claimed</em> cursor, ahead of slots still being written.
     */
    public long available(long sequence) {
        long available = Sequence.minimum(dependents, Long.MAX_VALUE);
        if (afterStages || available < sequence) {
            return available;
        }
        return sequencer.highestPublished(sequence, available);
    }

    /** The ring's cursor (acquire): published for a single producer, claimed for several. */
    public long cursor() {
        return cursor.get();
    }

    /** Wakes the consumer out of any wait with an {@link AlertException}; it stays alerted until cleared. */
    public void alert() {
        alerted = true;
        waitStrategy.signalAllWhenBlocking();
    }

    public void clearAlert() {
        alerted = false;
    }

    public boolean isAlerted() {
        return alerted;
    }

    public void checkAlert() throws AlertException {
        if (alerted) {
            throw AlertException.INSTANCE;
        }
    }
}
