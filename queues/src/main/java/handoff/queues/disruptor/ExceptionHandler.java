package handoff.queues.disruptor;

/**
 * Told about a handler that threw. When it returns, the processor treats the event as handled and
 * carries on, so one bad event never stalls the ring. To stop the stage instead, throw from here: the
 * processor's thread then dies and, since its sequence no longer advances, producers stop at a full ring.
 */
@FunctionalInterface
public interface ExceptionHandler<E> {
    void handleEventException(Throwable failure, long sequence, E event);
}
