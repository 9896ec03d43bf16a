package handoff.queues;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The one vocabulary for "what does a thread do while it has nothing to do", shared by every transport
 * (docs/architecture.md §3). Each trial records which one it used.
 */
public enum Wait {
    /** Busy spin with {@link Thread#onSpinWait()}: lowest latency, burns a whole CPU per waiting thread. */
    SPIN,
    /** Spin briefly, then {@link Thread#yield()}: still burns CPU, but lets another runnable thread in. */
    YIELD,
    /** Spin, yield, then {@code parkNanos} with back-off: cheap when idle, pays a wake-up when work arrives. */
    PARK,
    /** Lock + condition: the waiter sleeps until signalled (BlockingQueue put/take, Disruptor blocking wait). */
    BLOCK,
    /** The transport's own hand-off, not configurable (Flow's executor). */
    NATIVE;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a thread waiting this way keeps its CPU busy (and so must not outnumber the CPUs). */
    public boolean burnsCpu() {
        return this == SPIN || this == YIELD;
    }

    public static Wait parse(String text) {
        for (Wait w : values()) {
            if (w.id().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown wait strategy '" + text + "'; allowed: " + allowed());
    }

    public static String allowed() {
        return Arrays.stream(values()).map(Wait::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id();
    }
}
