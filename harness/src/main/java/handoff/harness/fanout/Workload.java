package handoff.harness.fanout;

import handoff.pipelines.Mix;

/**
 * The broker's workload, deterministic so that every subscriber's due can be computed beforehand: producer
 * {@code p} publishes events {@code 0..perProducer-1}; event {@code (p, seq)} has type {@link #type} (one of
 * {@link #TYPES}) and is due to every subscriber of that type. An event travels as one long key (type, producer,
 * sequence) and a time stamp; a subscriber checks the type in the key against its own and against the
 * producer's rule (so a misrouted or corrupted dispatch is caught), the sequence against the last one it saw
 * from that producer (a duplicate or reordering), and sums {@link #checksum} of every key (a loss the count would
 * miss when a duplicate makes it up).
 */
final class Workload {
    /** Event types and subscribers per type, as published: 5 × 4 = 20 subscribers. */
    static final int TYPES = 5;
    static final int PER_TYPE = 4;
    private static final int SEQ_BITS = 40;
    private static final int PRODUCER_BITS = 16;

    final int producers;
    final long perProducer;
    private final long[] countByType = new long[TYPES];
    private final long[] sumByType = new long[TYPES];

    Workload(int producers, long perProducer) {
        if (producers < 1 || producers >= 1 << PRODUCER_BITS || perProducer < 1 || perProducer >= 1L << SEQ_BITS) {
            throw new IllegalArgumentException("producers " + producers + " / events " + perProducer + " out of range");
        }
        this.producers = producers;
        this.perProducer = perProducer;
        for (int p = 0; p < producers; p++) {
            for (long s = 0; s < perProducer; s++) {
                long key = key(p, s);
                countByType[type(p, s)]++;
                sumByType[type(p, s)] += checksum(key);
            }
        }
    }

    static int type(int producer, long seq) {
        return (int) Long.remainderUnsigned(Mix.mix64(((long) producer << SEQ_BITS) ^ seq), TYPES);
    }

    static long key(int producer, long seq) {
        return ((long) type(producer, seq) << (SEQ_BITS + PRODUCER_BITS)) | ((long) producer << SEQ_BITS) | seq;
    }

    static int typeOf(long key) {
        return (int) (key >>> (SEQ_BITS + PRODUCER_BITS));
    }

    static int producerOf(long key) {
        return (int) ((key >>> SEQ_BITS) & ((1 << PRODUCER_BITS) - 1));
    }

    static long seqOf(long key) {
        return key & ((1L << SEQ_BITS) - 1);
    }

    static long checksum(long key) {
        return Mix.mix64(key + 1);
    }

    long events() {
        return producers * perProducer;
    }

    /** Dispatches of one run: every event to each of its type's subscribers. */
    long dispatches() {
        return events() * PER_TYPE;
    }

    long dueCount(int type) {
        return countByType[type];
    }

    long dueSum(int type) {
        return sumByType[type];
    }
}
