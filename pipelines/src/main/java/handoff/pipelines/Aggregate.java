package handoff.pipelines;

import handoff.queues.Handler;

import java.util.List;

/**
 * Stage 3: folds each event into per-instrument running aggregates (count, volume, net position,
 * notional, fees, checksum). The tables are owned by the one thread that runs this stage and are plain
 * arrays; another thread may read them only after a happens-before edge with that thread, e.g. after
 * {@link Pipeline#halt()} (which joins it) or after reading {@link Pipeline#processed()} (a release by
 * the last stage after this handler returns, read with acquire) and seeing every event counted.
 */
public final class Aggregate implements Handler<OrderEvent> {
    private final int work;
    private final long[] count;
    private final long[] volume;
    private final long[] netQty;
    private final long[] notional;
    private final long[] fees;
    private final long[] checksum;
    private final long[] digest;

    public Aggregate(int instruments, int work) {
        if (work < 0) {
            throw new IllegalArgumentException("work " + work + " must be >= 0");
        }
        this.work = work;
        count = new long[instruments];
        volume = new long[instruments];
        netQty = new long[instruments];
        notional = new long[instruments];
        fees = new long[instruments];
        checksum = new long[instruments];
        digest = new long[instruments];
    }

    /**
     * A new aggregate holding the sum of {@code parts} (e.g. one per aggregate worker). Every table is a
     * sum over events, so the result is exactly what one aggregate seeing all their events would hold.
     * The same visibility rule applies to each part as to reading one.
     */
    public static Aggregate sum(List<Aggregate> parts) {
        Aggregate first = parts.get(0);
        Aggregate total = new Aggregate(first.instruments(), first.work);
        for (Aggregate a : parts) {
            if (a.instruments() != total.instruments()) {
                throw new IllegalArgumentException("aggregates over " + a.instruments() + " and " + total.instruments()
                        + " instruments cannot be added");
            }
            for (int i = 0; i < total.instruments(); i++) {
                total.count[i] += a.count[i];
                total.volume[i] += a.volume[i];
                total.netQty[i] += a.netQty[i];
                total.notional[i] += a.notional[i];
                total.fees[i] += a.fees[i];
                total.checksum[i] += a.checksum[i];
                total.digest[i] += a.digest[i];
            }
        }
        return total;
    }

    @Override
    public void onEvent(OrderEvent event, boolean endOfBatch) {
        apply(event);
    }

    public void apply(OrderEvent e) {
        if (e.stage != OrderEvent.ENRICHED) {
            throw StageOrder.violated("aggregate", OrderEvent.ENRICHED, e);
        }
        int ix = e.instrument;
        count[ix]++;
        volume[ix] += e.qty;
        netQty[ix] += e.side * e.qty;
        notional[ix] += e.notionalCents;
        fees[ix] += e.feeCents;
        checksum[ix] += Checksum.of(e);
        digest[ix] += Mix.rounds(e.riskScore, work);
        e.stage = OrderEvent.AGGREGATED;
    }

    public int instruments() {
        return count.length;
    }

    /** Events aggregated, over all instruments. */
    public long count() {
        long n = 0;
        for (long c : count) {
            n += c;
        }
        return n;
    }

    /** The order-independent checksum of every event aggregated (wrapping sum of the per-instrument ones). */
    public long checksum() {
        long s = 0;
        for (long c : checksum) {
            s += c;
        }
        return s;
    }

    public long count(int instrument) {
        return count[instrument];
    }

    /** Shares traded, buys and sells alike. */
    public long volume(int instrument) {
        return volume[instrument];
    }

    /** Shares bought minus shares sold. */
    public long netQty(int instrument) {
        return netQty[instrument];
    }

    public long notionalCents(int instrument) {
        return notional[instrument];
    }

    public long feeCents(int instrument) {
        return fees[instrument];
    }

    public long checksum(int instrument) {
        return checksum[instrument];
    }

    /** Sum of the work rounds; exists so that the scaled work has an observable result. */
    public long digest(int instrument) {
        return digest[instrument];
    }
}
