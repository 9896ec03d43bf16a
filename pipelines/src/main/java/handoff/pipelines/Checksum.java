package handoff.pipelines;

/**
 * The order-independent checksum of a set of events: the wrapping sum, over events, of a 64-bit mix of
 * (producer, sequence, parsed and derived fields). Addition commutes, so the arrival order and the
 * interleaving of producers do not matter; a lost, duplicated or corrupted event changes the sum (except
 * with probability about 2^-64). {@link Orders} computes the expected value from the generated inputs,
 * {@link Aggregate} the actual one from what the stages produced.
 */
public final class Checksum {
    private Checksum() {
    }

    /** Mix of everything parse and enrich derive from one order line. */
    public static long fields(long orderId, long symbol, int side, long priceCents, long qty,
                              int instrument, long notionalCents, long feeCents, int riskBucket) {
        long h = Mix.mix64(orderId);
        h = Mix.mix64(h + symbol);
        h = Mix.mix64(h + side);
        h = Mix.mix64(h + priceCents);
        h = Mix.mix64(h + qty);
        h = Mix.mix64(h + instrument);
        h = Mix.mix64(h + notionalCents);
        h = Mix.mix64(h + feeCents);
        return Mix.mix64(h + riskBucket);
    }

    /** One event's term of the sum: its identity (producer, seq) bound to the mix of its fields. */
    public static long event(int producer, long seq, long fields) {
        return Mix.mix64(fields ^ Mix.mix64(((long) producer << 48 | seq) * Mix.GOLDEN + 1));
    }

    /** The term for an event that has been through parse and enrich. */
    public static long of(OrderEvent e) {
        return event(e.producer, e.seq, fields(e.orderId, e.symbol, e.side, e.priceCents, e.qty,
                e.instrument, e.notionalCents, e.feeCents, e.riskBucket));
    }
}
