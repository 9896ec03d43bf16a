package handoff.queues;

/**
 * What a consumer thread does with each event. A handler of a chain owns the event for the duration of
 * the call: every write it makes is visible to the next handler (the transport publishes it).
 */
@FunctionalInterface
public interface Handler<E> {
    void onEvent(E event, boolean endOfBatch);
}
