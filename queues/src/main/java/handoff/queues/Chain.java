package handoff.queues;

/**
 * A linear sequence of handlers, one thread each, over one transport: the only thing that differs
 * between the rows of the study. Queue transports build it from one queue per hop; ring transports
 * from one ring with dependent processors; Flow from one publisher per hop.
 *
 * <p>Life cycle: {@link #start()}, any number of {@link #publish} calls from up to
 * {@link ChainSpec#producers()} threads, then {@link #halt()}. The caller decides when everything has
 * arrived by watching {@link #processed()}; a chain never guesses.
 */
public interface Chain<E> {
    void start();

    /**
     * Hands one event to the first handler. Waits (per the chain's {@link Wait}) while the first hop is
     * full, so a bounded transport applies back-pressure to the caller.
     */
    void publish(Translator<E> translator, long a, long b);

    /**
     * Hands over an event the caller made and will not change while it may be in flight (a pre-allocated,
     * immutable message, which may be sent any number of times): a queue passes the reference itself, so
     * nothing is allocated per message; a transport that carries framed bytes copies it in. Rings, whose
     * slots are the pre-allocated messages, fill a slot with {@link #publish} instead and refuse this.
     */
    default void send(E event) {
        throw new UnsupportedOperationException("this chain fills pre-allocated slots: use publish(translator, a, b)");
    }

    /**
     * Hands one event to the first handler if the first hop has room within {@code timeoutNanos} (0: look once,
     * never wait), with the transport's own non-blocking or timed call; false when the hop stayed full, and then
     * nothing was handed over. The overload policies (drop-new, timeout, drop-old) are built on it.
     */
    default boolean offer(Translator<E> translator, long a, long b, long timeoutNanos) {
        throw new UnsupportedOperationException("this chain has no non-blocking publish");
    }

    /**
     * Takes back the oldest event no handler has started (the head of the first hop) and returns it, or null when
     * the first hop is empty; the event then never reaches a handler. Only where
     * {@link Transport#discardOldestUnsupported()} is null: the take must be the same atomic claim the first
     * stage's workers make, so that an event goes to exactly one of them or to this call, never to both.
     */
    default E discardOldest() {
        throw new UnsupportedOperationException("this chain cannot take an event back");
    }

    /** Events the last handler has finished with. Safe to read from any thread; may lag by a batch. */
    long processed();

    /**
     * What the chain's threads have counted about their hand-offs so far ({@link HandoffCounts}); a racy snapshot
     * while it runs, exact after {@link #halt()}; {@link HandoffCounts#NONE} where nothing is counted.
     */
    default HandoffCounts counts() {
        return HandoffCounts.NONE;
    }

    /** Stops every consumer thread and waits for them to exit; events still in flight are dropped. */
    void halt() throws InterruptedException;
}
