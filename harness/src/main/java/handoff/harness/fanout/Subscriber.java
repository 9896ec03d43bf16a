package handoff.harness.fanout;

import handoff.harness.results.Histograms;
import org.HdrHistogram.Histogram;

import java.util.Arrays;

/**
 * One subscriber of the broker: takes the dispatches of one event type from exactly one thread at a time (the
 * dispatcher, its executor, or its own hop's consumer), checks each one and folds it. Its count is published
 * with a release store, read by the runner to see when every subscriber has finished; a check that fails is kept
 * as the first failure and fails the trial.
 */
final class Subscriber extends Verifier {
    final int type;
    final int index;
    private final long[] lastSeq;
    /** Dispatch latency (publish → seen) when the run records it, else null. */
    private final Histogram latency;

    Subscriber(int type, int index, int producers, boolean recordLatency) {
        this.type = type;
        this.index = index;
        this.lastSeq = new long[producers];
        Arrays.fill(lastSeq, -1);
        this.latency = recordLatency ? Histograms.newNanos() : null;
    }

    /** One dispatch: {@code key} per {@link Workload#key}, {@code stamp} its intended publish time. */
    void onDispatch(long key, long stamp) {
        long seen = latency == null ? 0 : System.nanoTime();
        int t = Workload.typeOf(key);
        int p = Workload.producerOf(key);
        long seq = Workload.seqOf(key);
        if (p >= lastSeq.length || t != type || t != Workload.type(p, seq)) {
            fail("subscriber " + name() + " got a dispatch of type " + t + " (producer " + p + ", seq " + seq + ")");
            return;
        }
        if (seq <= lastSeq[p]) {
            fail("subscriber " + name() + " got producer " + p + "'s event " + seq + " after " + lastSeq[p]
                    + (seq == lastSeq[p] ? " (duplicated)" : " (out of order)"));
            return;
        }
        lastSeq[p] = seq;
        if (latency != null) {
            latency.recordValue(Math.max(0, seen - stamp));
        }
        fold(Workload.checksum(key), count() + 1);
    }

    /** After this subscriber's thread has stopped: null when it got exactly its due, else what is wrong. */
    String verify(Workload w) {
        if (failure() != null) {
            return failure();
        }
        long c = count();
        if (c != w.dueCount(type)) {
            return "subscriber " + name() + " got " + c + " of its " + w.dueCount(type) + " dispatches ("
                    + (c < w.dueCount(type) ? "lost" : "duplicated") + ")";
        }
        if (sum() != w.dueSum(type)) {
            return "subscriber " + name() + " checksum differs: a dispatch was corrupted";
        }
        return null;
    }

    Histogram latency() {
        return latency;
    }

    String name() {
        return type + "." + index;
    }
}
