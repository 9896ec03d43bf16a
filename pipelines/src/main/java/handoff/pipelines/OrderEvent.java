package handoff.pipelines;

/**
 * The one mutable event that travels through every pipeline. Queue transports allocate one per message;
 * ring transports allocate one per slot and reuse it, so every writer overwrites all the fields it owns
 * on every use (nothing may survive from the slot's previous event).
 *
 * <p>Fields are public and plain: each group has exactly one writer at a time (noted per group) and the
 * transport's hand-off between stages is the happens-before edge that makes them visible to the next.
 */
public final class OrderEvent {
    /** Longest order line a payload holds, in bytes. */
    public static final int MAX_LINE = 64;

    /** Values of {@link #stage}: the last stage that finished with the event. */
    public static final int PUBLISHED = 0;
    public static final int PARSED = 1;
    public static final int ENRICHED = 2;
    public static final int AGGREGATED = 3;

    // Written by the producer's translator.
    public int producer;
    public long seq;
    /** When the producer meant to send it ({@link System#nanoTime()} scale); 0 when nobody cares. */
    public long intendedNanos;
    /** ASCII order line {@code id,instrument,side,price,qty}; bytes past {@link #length} are garbage. */
    public final byte[] payload = new byte[MAX_LINE];
    public int length;

    /**
     * Stage progress: set to {@link #PUBLISHED} by the producer, advanced by each stage as its last write
     * and checked by the next stage as its first read, so a transport that hands an event on before the
     * previous stage finished (or hands over a stale slot) is caught.
     */
    public int stage;

    // Entry stamps (System.nanoTime), written only when the pipeline stamps; stale otherwise.
    public long parseNanos;
    public long enrichNanos;
    public long aggregateNanos;

    // Written by Parse.
    public long orderId;
    /** Instrument symbol packed big-endian into a long, see {@link ReferenceData#pack}. */
    public long symbol;
    /** +1 buy, -1 sell. */
    public int side;
    public long priceCents;
    public long qty;
    /** Result of parse's {@code work} rounds. */
    public long parseDigest;

    // Written by Enrich.
    /** Index into the reference data and the aggregate's per-instrument tables. */
    public int instrument;
    public long notionalCents;
    public long feeCents;
    /** 0..2 by notional against the instrument's limits; 3 = breach (over the maximum, or off tick). */
    public int riskBucket;
    /** Result of enrich's {@code work} rounds. */
    public long riskScore;

    /** The payload as text, for messages and tests; allocates. */
    public String line() {
        return new String(payload, 0, length, java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Override
    public String toString() {
        return "OrderEvent[producer=" + producer + ", seq=" + seq + ", stage=" + stage + ", line=" + line() + "]";
    }
}
