package handoff.harness.versus;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of the {@code disruptor} suite: a {@link Topology}, how its producer publishes, and which two sides its
 * interleaved forks compare. Its id is the CSVs' {@code benchmark} column, so every variant is a row of its own:
 * <ul>
 * <li>{@code <topology>}: ours against LMAX, one {@code next()}/{@code publish(seq)} per event;</li>
 * <li>{@code unicast_1p1c_batchN}: ours against LMAX, the producer claiming and publishing {@code N} slots at a time
 * ({@code next(N)}, {@code publish(lo, hi)}): the talk's "but… batch methods" and the pipeline article's batch section
 * (see {@code published-results.md}) say batching the claim is where a ring gains most;</li>
 * <li>{@code unicast_1p1c_unpadded}: the false-sharing control, a minimal single-producer ring whose cursor and
 * consumer sequence share one cache line ({@link SequencePair#unpadded}) against the same ring with each on lines of
 * its own ({@link SequencePair#padded}); the pipeline article prices false sharing at 40–100 ns per access.</li>
 * </ul>
 *
 * @param publishBatch slots per claim (1: one at a time)
 * @param falseSharing whether the row is the padded-vs-unpadded control instead of ours vs LMAX
 */
public record Bench(Topology topology, int publishBatch, boolean falseSharing) {
    static final String BATCH = "_batch";
    static final String UNPADDED = "_unpadded";
    /** Batch sizes of the batch-publishing rows (1 is the topology's plain row). */
    static final List<Integer> BATCH_SIZES = List.of(10, 100);

    public Bench {
        if (publishBatch < 1 || DisruptorVsLmax.BATCH % publishBatch != 0) {
            throw new IllegalArgumentException("publish batch " + publishBatch + " must divide " + DisruptorVsLmax.BATCH);
        }
        if ((publishBatch > 1 || falseSharing) && topology != Topology.UNICAST_1P1C) {
            throw new IllegalArgumentException("batch publishing and the false-sharing control run in unicast_1p1c only");
        }
    }

    public String id() {
        return topology.id() + (publishBatch > 1 ? BATCH + publishBatch : "") + (falseSharing ? UNPADDED : "");
    }

    /** The two sides whose forks pair up, the ratio's numerator first. */
    public List<String> sides() {
        return falseSharing ? List.of(SequencePair.UNPADDED, SequencePair.PADDED) : List.of(VersusCsv.OURS, VersusCsv.LMAX);
    }

    /** The variant rows {@code unicast_1p1c} gets beside its plain one (every batch size). */
    static List<Bench> extras() {
        return extras(BATCH_SIZES);
    }

    /** The variant rows with these publish batch sizes: quick keeps to the largest, full runs them all. */
    static List<Bench> extras(List<Integer> batchSizes) {
        List<Bench> out = new ArrayList<>();
        for (int n : batchSizes) {
            out.add(new Bench(Topology.UNICAST_1P1C, n, false));
        }
        out.add(new Bench(Topology.UNICAST_1P1C, 1, true));
        return out;
    }

    /** Whether this is a topology's own row (not a batch-publishing or false-sharing variant). */
    boolean plain() {
        return publishBatch == 1 && !falseSharing;
    }

    public static Bench parse(String id) {
        String rest = id;
        boolean unpadded = rest.endsWith(UNPADDED);
        if (unpadded) {
            rest = rest.substring(0, rest.length() - UNPADDED.length());
        }
        int batch = 1;
        int at = rest.lastIndexOf(BATCH);
        if (at > 0) {
            try {
                batch = Integer.parseInt(rest.substring(at + BATCH.length()));
                rest = rest.substring(0, at);
            } catch (NumberFormatException e) {
                batch = 1;
            }
        }
        return new Bench(Topology.byId(rest), batch, unpadded);
    }
}
