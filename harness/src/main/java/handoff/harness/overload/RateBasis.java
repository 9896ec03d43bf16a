package handoff.harness.overload;

import java.util.Arrays;

/**
 * What an overload row's offered multiples are multiples of ({@code rate_basis} in {@code overload.csv}), in the
 * suite's order of preference (issue 40): what the configuration can carry first, a latency-limited rate last.
 */
enum RateBasis {
    /** The pipeline suite's saturation throughput of the same transport, wait, producers and work (JMH, closed loop). */
    PIPELINE("pipeline", true),
    /** A closed-loop saturation probe in the overload trial's own JVM (the pipeline suite did not run). */
    PROBE("probe", true),
    /** Fallback: the latency suite's sustainable open-loop rate, a latency-limited lower bound; a multiple need not overload. */
    SUSTAINABLE("sustainable", false);

    private final String id;
    private final boolean saturation;

    RateBasis(String id, boolean saturation) {
        this.id = id;
        this.saturation = saturation;
    }

    String id() {
        return id;
    }

    /** Whether the basis is a saturation throughput (what the configuration can carry). */
    boolean saturation() {
        return saturation;
    }

    /** The basis of a row's {@code rate_basis}; null when empty or unknown (an older run). */
    static RateBasis of(String id) {
        return Arrays.stream(values()).filter(b -> b.id.equals(id)).findFirst().orElse(null);
    }
}
