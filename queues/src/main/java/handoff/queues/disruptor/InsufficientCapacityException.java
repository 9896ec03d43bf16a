package handoff.queues.disruptor;

/**
 * Thrown by {@code tryNext} when the ring has no room for the claim, so a producer can drop (or count)
 * the event instead of waiting. Shared, stackless instance: back-pressure must not allocate.
 */
public final class InsufficientCapacityException extends Exception {
    private static final long serialVersionUID = 1L;

    public static final InsufficientCapacityException INSTANCE = new InsufficientCapacityException();

    private InsufficientCapacityException() {
        super("ring buffer is full", null, false, false);
    }
}
