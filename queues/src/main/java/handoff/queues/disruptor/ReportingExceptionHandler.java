package handoff.queues.disruptor;

import java.lang.System.Logger.Level;

/** The default {@link ExceptionHandler}: log the failure with the event's sequence, then continue. */
public final class ReportingExceptionHandler implements ExceptionHandler<Object> {
    public static final ReportingExceptionHandler INSTANCE = new ReportingExceptionHandler();

    private static final System.Logger LOG = System.getLogger(BatchEventProcessor.class.getName());

    private ReportingExceptionHandler() {
    }

    @Override
    public void handleEventException(Throwable failure, long sequence, Object event) {
        LOG.log(Level.WARNING, "handler failed on sequence " + sequence + " (" + event + "); continuing", failure);
    }
}
