package handoff.queues;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a stage's worker takes events from its hop: {@link #ONE} event per dequeue call ({@code poll()}/{@code take()}),
 * or a {@link #BATCH} of whatever the hop holds per call (the JDK's {@code drainTo}, Agrona's and JCTools'
 * {@code drain}, a {@code poll} loop where the queue has no drain of its own, e.g. {@code ConcurrentLinkedQueue}).
 * A ring's batch event processor always takes every published slot it can see: rings are inherently {@code batch}
 * ({@link Transport#consumeModes()}). LMAX measured a batched queue consumer roughly doubling ABQ's throughput
 * (LMAX-Exchange/disruptor pull request 268): the axis keeps that difference from passing for the rings' own merit.
 */
public enum Consume {
    ONE,
    BATCH;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Consume parse(String text) {
        for (Consume c : values()) {
            if (c.id().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown consumer mode '" + text + "'; allowed: " + allowed());
    }

    public static String allowed() {
        return Arrays.stream(values()).map(Consume::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id();
    }
}
