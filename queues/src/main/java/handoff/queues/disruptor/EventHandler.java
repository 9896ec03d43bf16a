package handoff.queues.disruptor;

/** What a {@link BatchEventProcessor} does with each event, on the processor's own thread. */
@FunctionalInterface
public interface EventHandler<E> {
    /**
     * @param sequence   the event's sequence in the ring
     * @param endOfBatch true for the last event currently available: the moment to flush anything
     *                   batched, since the next call may be a while away
     * @throws Exception handed to the processor's {@link ExceptionHandler}; the processor moves on
     */
    void onEvent(E event, long sequence, boolean endOfBatch) throws Exception;
}
