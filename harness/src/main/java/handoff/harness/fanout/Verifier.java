package handoff.harness.fanout;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What a broker subscriber or a topology consumer keeps while it takes its ops from one thread: how many it has
 * taken (published with a release store, read by the runner to see when it has finished), their checksum, and the
 * first check that failed, which fails the trial.
 */
abstract class Verifier {
    private final AtomicLong count = new AtomicLong();
    private long sum;
    private volatile String failure;

    /** One op checked and folded: its checksum term, then the new count (release). */
    final void fold(long term, long newCount) {
        sum += term;
        count.lazySet(newCount);
    }

    final void fail(String why) {
        if (failure == null) {
            failure = why;
        }
    }

    /** Ops taken so far (acquire). */
    final long count() {
        return count.get();
    }

    final long sum() {
        return sum;
    }

    final String failure() {
        return failure;
    }
}
