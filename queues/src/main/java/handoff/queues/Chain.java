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

    /** Events the last handler has finished with. Safe to read from any thread; may lag by a batch. */
    long processed();

    /** Stops every consumer thread and waits for them to exit; events still in flight are dropped. */
    void halt() throws InterruptedException;
}
