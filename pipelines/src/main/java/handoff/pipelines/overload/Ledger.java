package handoff.pipelines.overload;

import handoff.pipelines.OrderEvent;
import handoff.pipelines.Orders;

/**
 * One producer's record of what it offered and what did not go through: events it offered, events of its own the
 * pipeline rejected, and the events (of any producer) it discarded to make room, with their checksum terms from
 * the ground truth ({@link Orders#contribution}). Written only by its producer's thread; read after that thread
 * was joined.
 */
public final class Ledger {
    private final Orders orders;
    private final long[] discardedOf;
    private long offered;
    private long rejected;
    private long rejectedChecksum;
    private long discardedChecksum;
    private long startedDiscards;
    private String firstStarted;

    /** @param producers how many producers there are (a discarded event may be any producer's) */
    public Ledger(Orders orders, int producers) {
        this.orders = orders;
        this.discardedOf = new long[producers];
    }

    /** One more event offered, whatever its outcome. */
    void countOffer() {
        offered++;
    }

    void rejected(int producer, long seq) {
        rejected++;
        rejectedChecksum += orders.contribution(producer, seq);
    }

    /**
     * An event taken back out of the first hop. Its stage must still be {@link OrderEvent#PUBLISHED}: one a stage
     * had started is counted as a violation, which fails the trial.
     */
    void discarded(OrderEvent e) {
        if (e.stage != OrderEvent.PUBLISHED) {
            if (startedDiscards++ == 0) {
                firstStarted = "producer " + e.producer + " seq " + e.seq + " at stage " + e.stage;
            }
        }
        discardedOf[e.producer]++;
        discardedChecksum += orders.contribution(e.producer, e.seq);
    }

    public long offered() {
        return offered;
    }

    public long rejected() {
        return rejected;
    }

    /** Events of producer {@code p} this producer discarded. */
    public long discardedOf(int p) {
        return discardedOf[p];
    }

    /** Every event this producer discarded. */
    public long discarded() {
        long n = 0;
        for (long d : discardedOf) {
            n += d;
        }
        return n;
    }

    long rejectedChecksum() {
        return rejectedChecksum;
    }

    long discardedChecksum() {
        return discardedChecksum;
    }

    /** Discarded events a stage had already started (must be 0). */
    public long startedDiscards() {
        return startedDiscards;
    }

    String firstStarted() {
        return firstStarted;
    }
}
