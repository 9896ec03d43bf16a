package handoff.queues;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What {@link ChainSpec#capacity()} bounds. {@link #PER_HOP}: every hop holds {@code capacity} events, so a chain of
 * k queues holds k × capacity while a ring (one buffer for every stage) holds capacity. {@link #TOTAL}: the chain as a
 * whole holds about {@code capacity}: a ring keeps its {@code capacity} slots (it must stay a power of two), and each of
 * k queue hops gets {@code capacity / k} (rounded down), which a queue whose storage must be a power of two rounds up
 * again ({@link Transport#heldPerHop(int)}), so the total is equal for the JDK's queues and at most 1.5 × for the others:
 * each row says what it held ({@code buffer_events}).
 */
public enum Buffering {
    PER_HOP,
    TOTAL;

    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Events each of {@code hops} queue hops is asked to hold when the chain's capacity is {@code capacity}. */
    public int hopCapacity(int capacity, int hops) {
        return this == PER_HOP ? capacity : Math.max(1, capacity / hops);
    }

    public static Buffering parse(String text) {
        for (Buffering b : values()) {
            if (b.id().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown buffering '" + text + "'; allowed: " + allowed());
    }

    public static String allowed() {
        return Arrays.stream(values()).map(Buffering::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id();
    }
}
