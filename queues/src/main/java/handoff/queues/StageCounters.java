package handoff.queues;

/**
 * Left-hand padding: the counters of two stage threads are often allocated one after the other, and counters that
 * shared a cache line would add the very false sharing the study measures to every hand-off they count.
 */
abstract class StageCountersLhsPadding {
    protected long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class StageCountersFields extends StageCountersLhsPadding {
    /** Events this thread took from its hop. */
    public long events;
    /** Dequeue calls (or ring batches) that returned at least one event. */
    public long wakes;
    /** Dequeue calls that found the hop empty. */
    public long emptyPolls;
    /** Offers (into this thread's outgoing hop) that found it full. */
    public long failedOffers;
}

/**
 * One stage thread's hand-off counts, in plain fields written only by that thread, so counting costs an increment
 * of a line the thread already owns and no fence. Another thread reads them without synchronisation while the chain
 * runs (a snapshot that may lag by the events in flight, and a 64-bit JVM does not tear a long), exactly after
 * {@link Chain#halt()} (the join orders every write before the read). Switched off for a paired cost run with
 * {@code -Dhandoff.counters=false}: {@link #ENABLED} is a constant, so the JIT drops every counting branch.
 */
public final class StageCounters extends StageCountersFields {
    /** Whether chains count their hand-offs (default true; {@code -Dhandoff.counters=false} turns it off). */
    public static final boolean ENABLED = !"false".equals(System.getProperty("handoff.counters"));

    protected long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    /**
     * One slot a ring's batch processor walked ({@code endOfBatch}: the last of what one wait of its barrier returned,
     * so batches are wakes). Counted before a striped worker skips the slots of its siblings: a processor walks them all.
     */
    public void ringEvent(boolean endOfBatch) {
        events++;
        if (endOfBatch) {
            wakes++;
        }
    }

    /**
     * The sums over a ring's processors: events and batches known, empty polls and failed offers unknown (a ring
     * waits inside its barrier and its claim).
     */
    public static HandoffCounts ringSums(StageCounters[] all) {
        if (!ENABLED) {
            return HandoffCounts.NONE;
        }
        long events = 0;
        long wakes = 0;
        for (StageCounters c : all) {
            events += c.events;
            wakes += c.wakes;
        }
        return new HandoffCounts(events, wakes, HandoffCounts.UNKNOWN, HandoffCounts.UNKNOWN, HandoffCounts.UNKNOWN);
    }
}
