package handoff.queues.disruptor;

/**
 * Handlers added together by {@link Disruptor#handleEventsWith} or {@link #then}; what the next stage
 * comes after.
 */
public final class EventHandlerGroup<E> {
    private final Disruptor<E> disruptor;
    private final Sequence[] sequences;

    EventHandlerGroup(Disruptor<E> disruptor, Sequence[] sequences) {
        this.disruptor = disruptor;
        this.sequences = sequences;
    }

    /**
     * Adds a stage that sees each event only after every handler of this group has finished with it.
     * This group stops gating the producers; the new stage gates them instead.
     */
    @SafeVarargs
    public final EventHandlerGroup<E> then(EventHandler<? super E>... handlers) {
        return disruptor.createProcessors(sequences, handlers);
    }

    /** The group's processor sequences, in the order the handlers were given. */
    public Sequence[] sequences() {
        return sequences.clone();
    }
}
