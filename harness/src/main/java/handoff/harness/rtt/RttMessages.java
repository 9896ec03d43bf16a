package handoff.harness.rtt;

import java.util.Locale;

/**
 * What an RTT producer sends. {@link #POOLED} (the default, as in the published harness, which sends
 * pre-boxed {@code Integer}s): pre-made immutable messages, one "no reply" and one per producer, handed over
 * as they are, so a row measures the hand-off. {@link #ALLOCATED}: a new message per send, as a queue's user
 * would make one. Rings fill their pre-allocated slots and framed transports encode into their own memory
 * either way, so the choice changes only the rows of transports that pass references.
 */
public enum RttMessages {
    POOLED,
    ALLOCATED;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RttMessages parse(String text) {
        for (RttMessages m : values()) {
            if (m.id().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown --rtt-messages '" + text + "'; allowed: pooled, allocated");
    }

    @Override
    public String toString() {
        return id();
    }
}
