package handoff.harness.results;

import java.util.Locale;

/**
 * A trial thread's role as the scheduler figures split them: producers, and consumers (every other trial thread). Its
 * {@link #id()} prefixes the role's columns ({@code producer_run_delay_max_ns}) and names it in {@code spikes.csv}.
 */
public enum SchedRole {
    PRODUCER,
    CONSUMER;

    /** {@code producer} or {@code consumer}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
