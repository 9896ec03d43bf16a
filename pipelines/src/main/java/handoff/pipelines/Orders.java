package handoff.pipelines;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The input messages: a table of N distinct order lines generated deterministically from a seed, and the
 * expected checksum of any set of events built from them.
 *
 * <p>Producer {@code p}'s event {@code seq} carries line {@link #lineIndex(int, long)}; the translator
 * copies its bytes into the event's payload (no allocation). Generation keeps the ground truth of each
 * line (the values it was printed from, and what enrich must derive from them), so the expected checksum
 * does not depend on {@link Parse} being right: it is computed from what was generated, not from what was
 * parsed. Immutable once built, so producers on any thread may share it.
 */
public final class Orders {
    /** Lines per table in {@link #standard()}: 4096 x 64 bytes = 256 KiB, an L2-sized working set. */
    public static final int STANDARD_LINES = 4096;
    /** Producers start this many lines apart, so they do not send the same lines in lock step. */
    private static final long PRODUCER_STRIDE = 1021;
    private static final int MAX_QTY = 10_000;

    private final ReferenceData reference;
    private final byte[] text;
    private final int[] lengths;
    /** {@link Checksum#fields} of each line's ground truth. */
    private final long[] fieldMix;
    private final int mask;

    /**
     * @param lines how many distinct lines; a power of two, so the line of an event is a mask, not a division
     */
    public Orders(ReferenceData reference, long seed, int lines) {
        this.reference = Objects.requireNonNull(reference, "reference");
        if (lines < 1 || Integer.bitCount(lines) != 1) {
            throw new IllegalArgumentException("lines " + lines + " must be a power of two");
        }
        text = new byte[lines * OrderEvent.MAX_LINE];
        lengths = new int[lines];
        fieldMix = new long[lines];
        mask = lines - 1;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < lines; i++) {
            generate(i, rnd);
        }
    }

    /** The table every benchmark uses: {@link #STANDARD_LINES} lines over {@link ReferenceData#standard()}. */
    public static Orders standard() {
        return Standard.INSTANCE;
    }

    private void generate(int i, SplittableRandom rnd) {
        int ix = rnd.nextInt(reference.size());
        ReferenceData.Instrument in = reference.instrument(ix);
        long orderId = 10_000_000L + i * 1_000L + rnd.nextInt(1_000); // distinct per line
        int side = rnd.nextBoolean() ? 1 : -1;
        long tick = in.tickCents();
        long ticks = in.referencePriceCents() / tick;
        long price = tick * (ticks + rnd.nextLong(-ticks / 20, ticks / 20 + 1));
        if (tick > 1 && rnd.nextInt(32) == 0) {
            price += 1; // off tick: enrich must flag it
        }
        long qty = 1 + rnd.nextInt(MAX_QTY);
        String line = orderId + "," + in.symbol() + "," + (side > 0 ? 'B' : 'S') + ","
                + price / 100 + "." + (price % 100 < 10 ? "0" : "") + price % 100 + "," + qty;
        byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length > OrderEvent.MAX_LINE) {
            throw new IllegalStateException("generated line too long: " + line);
        }
        System.arraycopy(bytes, 0, text, i * OrderEvent.MAX_LINE, bytes.length);
        lengths[i] = bytes.length;
        long notional = Enrich.notional(price, qty);
        fieldMix[i] = Checksum.fields(orderId, ReferenceData.pack(in.symbol()), side, price, qty, ix, notional,
                Enrich.fee(notional, in.feePpm()), Enrich.riskBucket(reference, ix, price, notional));
    }

    public ReferenceData reference() {
        return reference;
    }

    /** Number of distinct lines. */
    public int size() {
        return lengths.length;
    }

    /** Which line producer {@code producer}'s event {@code seq} carries. */
    public int lineIndex(int producer, long seq) {
        return (int) (seq + producer * PRODUCER_STRIDE) & mask;
    }

    /** Copies line {@code index} into the event's payload: bytes only, no allocation. */
    public void copyLine(int index, OrderEvent into) {
        int length = lengths[index];
        System.arraycopy(text, index * OrderEvent.MAX_LINE, into.payload, 0, length);
        into.length = length;
    }

    /** Line {@code index} as text; allocates, for tests and messages. */
    public String line(int index) {
        return new String(text, index * OrderEvent.MAX_LINE, lengths[index], StandardCharsets.US_ASCII);
    }

    /** The checksum term of producer {@code producer}'s event {@code seq}, from the ground truth. */
    public long contribution(int producer, long seq) {
        return Checksum.event(producer, seq, fieldMix[lineIndex(producer, seq)]);
    }

    /**
     * The checksum {@link Aggregate#checksum()} must reach when producer {@code p} published sequences
     * {@code 0 .. eventsPerProducer[p] - 1}, each exactly once. Costs a few ns per event.
     */
    public long expectedChecksum(long[] eventsPerProducer) {
        long sum = 0;
        for (int p = 0; p < eventsPerProducer.length; p++) {
            for (long seq = 0; seq < eventsPerProducer[p]; seq++) {
                sum += contribution(p, seq);
            }
        }
        return sum;
    }

    private static final class Standard {
        static final Orders INSTANCE = new Orders(ReferenceData.standard(), 0x5EED_0002L, STANDARD_LINES);
    }
}
