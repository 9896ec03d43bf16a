package handoff.pipelines.overload;

import handoff.pipelines.OrderEvent;
import handoff.pipelines.Pipeline;
import handoff.queues.Transport;

import java.util.Arrays;
import java.util.List;

/**
 * What a producer does when the pipeline's first hop is full: one vocabulary for every transport, each policy
 * built on the transport's own blocking, timed or non-blocking call ({@link Pipeline#publish}, {@link Pipeline#offer},
 * {@link Pipeline#discardOldest}). {@link #unsupported} says where a transport cannot express one.
 */
public enum OverloadPolicy {
    /** Wait for room: the producer stalls (the transport's back-pressure). */
    BLOCK("block"),
    /** Wait up to a bound for room, then reject the new event. */
    TIMEOUT("timeout"),
    /** Reject the new event at once when the first hop is full. */
    DROP_NEW("drop-new"),
    /** Make room by taking back the oldest event no stage has started, then retry. */
    DROP_OLD("drop-old"),
    /** An unbounded transport: never full, so it never refuses; memory grows instead. */
    UNBOUNDED("unbounded");

    private final String id;

    OverloadPolicy(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static OverloadPolicy parse(String s) {
        return Arrays.stream(values()).filter(p -> p.id.equals(s)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown overload policy '" + s + "'; allowed: " + String.join(", ", ids())));
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(OverloadPolicy::id).toList();
    }

    /**
     * Whether this policy can refuse or take back an event when the pipeline is full ({@link #TIMEOUT},
     * {@link #DROP_NEW}, {@link #DROP_OLD}); {@link #BLOCK} and {@link #UNBOUNDED} never do, so an overload check
     * counts only these (issue 40).
     */
    public boolean sheds() {
        return this == TIMEOUT || this == DROP_NEW || this == DROP_OLD;
    }

    /** Null when {@code t} can express this policy, else why not (reported as {@code n/a}). */
    public String unsupported(Transport t) {
        if (this == UNBOUNDED) {
            return t.bounded() ? t.id() + " is bounded: it never grows past its capacity (see its block and drop rows)" : null;
        }
        if (!t.bounded()) {
            return t.id() + " is unbounded: never full, so " + id + " never acts (see its unbounded row)";
        }
        return this == DROP_OLD ? t.discardOldestUnsupported() : null;
    }

    /**
     * Offers producer {@code producer}'s event {@code seq} under this policy; true when the pipeline accepted it,
     * false when it was rejected. Rejections and the events drop-old discarded go into {@code ledger}.
     *
     * @param timeoutNanos the bound of {@link #TIMEOUT}; ignored by the others
     */
    public boolean publish(Pipeline pipeline, int producer, long seq, long intendedNanos, long timeoutNanos, Ledger ledger) {
        ledger.countOffer();
        switch (this) {
            case BLOCK, UNBOUNDED -> {
                pipeline.publish(producer, seq, intendedNanos);
                return true;
            }
            case DROP_OLD -> {
                while (!pipeline.offer(producer, seq, intendedNanos, 0)) {
                    OrderEvent oldest = pipeline.discardOldest();
                    if (oldest != null) {
                        ledger.discarded(oldest);
                    } else {
                        Thread.onSpinWait(); // the parse stage emptied the hop between the two calls: offer again
                    }
                }
                return true;
            }
            default -> {
                boolean accepted = pipeline.offer(producer, seq, intendedNanos, this == TIMEOUT ? timeoutNanos : 0);
                if (!accepted) {
                    ledger.rejected(producer, seq);
                }
                return accepted;
            }
        }
    }
}
