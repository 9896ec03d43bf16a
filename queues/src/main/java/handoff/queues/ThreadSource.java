package handoff.queues;

/**
 * Creates the consumer threads of a chain. The harness supplies one that names threads by role, pins
 * them and keeps their ids for allocation accounting; transports never create threads any other way.
 */
@FunctionalInterface
public interface ThreadSource {
    Thread newThread(String role, Runnable body);

    /** Daemon threads named after their role; for tests and examples. */
    ThreadSource DAEMON = (role, body) -> {
        Thread t = new Thread(body, role);
        t.setDaemon(true);
        return t;
    };
}
