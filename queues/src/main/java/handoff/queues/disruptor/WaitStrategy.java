package handoff.queues.disruptor;

/**
 * What a thread does while the sequence it needs is not there yet: a consumer waiting for the producer
 * (or for the stage before it), and a producer waiting for the last stage to free a slot.
 */
public interface WaitStrategy {
    /**
     * Waits until every sequence in {@code dependents} has reached {@code sequence}.
     *
     * @param cursor     the ring's cursor: published (single producer) or claimed (multi producer); what
     *                   a blocking strategy sleeps on, since publishing is what signals
     * @param dependents never empty: the stages this consumer comes after, or just the cursor for the
     *                   first stage
     * @return the smallest of {@code dependents}, which may be beyond {@code sequence}: the whole batch
     * @throws AlertException when the barrier is alerted while waiting
     */
    long waitFor(long sequence, Sequence cursor, Sequence[] dependents, SequenceBarrier barrier)
            throws AlertException;

    /** Called after every publish; wakes consumers that sleep on a condition. Free for the others. */
    void signalAllWhenBlocking();

    /**
     * One step of a producer's wait for a free slot. Producers never block on a condition: the last
     * stage would have to signal after every batch, taxing the fast path for the full-ring case.
     *
     * @param attempt consecutive unsuccessful attempts so far, from 0
     */
    void backOff(int attempt);
}
