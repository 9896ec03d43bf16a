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

    /** Events the last handler has finished with. Safe to read from any thread; may lag by a batch. */
    long processed();

    /** Stops every consumer thread and waits for them to exit; events still in flight are dropped. */
    void halt() throws InterruptedException;
}
