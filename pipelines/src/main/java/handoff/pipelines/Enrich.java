package handoff.pipelines;

import handoff.queues.Handler;

import java.util.Objects;

/**
 * Stage 2: looks the parsed symbol up in the pre-built {@link ReferenceData} and derives notional, fee and
 * risk bucket; then {@code work} rounds of mixing fold into {@link OrderEvent#riskScore}. The derivations
 * are public static functions so that {@link Orders} computes the expected values with the same
 * arithmetic (the stage's correctness itself is pinned by unit tests with hand-computed values).
 */
public final class Enrich implements Handler<OrderEvent> {
    private final ReferenceData reference;
    private final int work;

    public Enrich(ReferenceData reference, int work) {
        if (work < 0) {
            throw new IllegalArgumentException("work " + work + " must be >= 0");
        }
        this.reference = Objects.requireNonNull(reference, "reference");
        this.work = work;
    }

    @Override
    public void onEvent(OrderEvent event, boolean endOfBatch) {
        apply(event);
    }

    public void apply(OrderEvent e) {
        if (e.stage != OrderEvent.PARSED) {
            throw StageOrder.violated("enrich", OrderEvent.PARSED, e);
        }
        int ix = reference.indexOf(e.symbol);
        if (ix < 0) {
            throw new IllegalArgumentException("unknown instrument in '" + e.line() + "'");
        }
        long notional = notional(e.priceCents, e.qty);
        e.instrument = ix;
        e.notionalCents = notional;
        e.feeCents = fee(notional, reference.feePpm(ix));
        e.riskBucket = riskBucket(reference, ix, e.priceCents, notional);
        e.riskScore = Mix.rounds(e.parseDigest ^ notional, work);
        e.stage = OrderEvent.ENRICHED; // last write: the next stage checks it
    }

    public static long notional(long priceCents, long qty) {
        return priceCents * qty;
    }

    /** Fee in cents, rounded half up: notional x feePpm / 10^6. Exact for notionals below ~3 x 10^13 cents. */
    public static long fee(long notionalCents, int feePpm) {
        return (notionalCents * feePpm + 500_000) / 1_000_000;
    }

    /** 0, 1 or 2 by notional against the instrument's limits; 3 when over the maximum or priced off tick. */
    public static int riskBucket(ReferenceData reference, int instrument, long priceCents, long notionalCents) {
        if (priceCents % reference.tickCents(instrument) != 0
                || notionalCents > reference.maxNotionalCents(instrument)) {
            return 3;
        }
        if (notionalCents >= reference.bucketTwoCents(instrument)) {
            return 2;
        }
        return notionalCents >= reference.bucketOneCents(instrument) ? 1 : 0;
    }
}
