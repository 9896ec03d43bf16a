package handoff.queues.disruptor;

/**
 * Thrown out of a wait by {@link SequenceBarrier#alert()}: the processor is being halted. A signal, not
 * an error, so one shared instance with no stack trace: throwing it allocates nothing.
 */
public final class AlertException extends Exception {
    private static final long serialVersionUID = 1L;

    public static final AlertException INSTANCE = new AlertException();

    private AlertException() {
        super("barrier alerted", null, false, false);
    }
}
