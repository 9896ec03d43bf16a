package handoff.queues;

/**
 * What a chain's threads counted about their hand-offs ({@link Chain#counts()}), summed over its stage threads: events
 * taken, non-empty dequeue calls (wakes: a {@code poll} or {@code take} that returned an event, a drain that returned
 * some, a ring processor's batch), dequeue calls that found the hop empty, and offer attempts with how many of them
 * found the hop full. Every count is {@link #UNKNOWN} (-1) where the transport cannot see it (a ring waits inside its
 * barrier and its claim, so it has no empty poll or failed offer to count) or counting is off
 * ({@link StageCounters#ENABLED}).
 */
public record HandoffCounts(long events, long wakes, long emptyPolls, long offers, long failedOffers) {
    public static final long UNKNOWN = -1;
    /** Nothing known: counting is off, or the transport counts nothing. */
    public static final HandoffCounts NONE = new HandoffCounts(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN);

    /** Events per non-empty wake of a consumer; NaN when unknown or nothing was taken. */
    public double meanBatch() {
        return events < 0 || wakes <= 0 ? Double.NaN : (double) events / wakes;
    }

    /** Share of dequeue calls that found the hop empty, in %; NaN when unknown or none was made. */
    public double emptyPollPct() {
        return emptyPolls < 0 || wakes < 0 || emptyPolls + wakes == 0 ? Double.NaN : 100.0 * emptyPolls / (emptyPolls + wakes);
    }

    /** Share of offer attempts that found the hop full, in %; NaN when unknown or none was made. */
    public double failedOfferPct() {
        return failedOffers < 0 || offers <= 0 ? Double.NaN : 100.0 * failedOffers / offers;
    }

    /** What was counted since {@code earlier} (a snapshot of the same chain); unknown stays unknown. */
    public HandoffCounts minus(HandoffCounts earlier) {
        return new HandoffCounts(diff(events, earlier.events), diff(wakes, earlier.wakes),
                diff(emptyPolls, earlier.emptyPolls), diff(offers, earlier.offers), diff(failedOffers, earlier.failedOffers));
    }

    private static long diff(long now, long then) {
        return now < 0 || then < 0 ? UNKNOWN : now - then;
    }
}
