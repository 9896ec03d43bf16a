package handoff.harness.fanout;

import handoff.pipelines.Mix;

/**
 * What one consumer of a topology saw, from its one thread: the values must come as 0, 1, 2 ... (a loss, a
 * duplicate or a reordering breaks the run at once), and their checksum must equal what the producer sent. A
 * diamond's join also checks that both sides computed from the value it carries.
 */
final class ConsumerVerifier extends Verifier {
    private final int salt;

    ConsumerVerifier(int salt) {
        this.salt = salt;
    }

    /** A multicast consumer's event. */
    void take(long value) {
        if (next(value)) {
            fold(Mix.mix64(value + salt), value + 1);
        }
    }

    /** A diamond's join: the value and both sides' results for it. */
    void join(long value, long left, long right) {
        if (next(value)) {
            if (left != Topologies.left(value) || right != Topologies.right(value)) {
                fail("the join got value " + value + " with a side's result for another value");
                return;
            }
            fold(Mix.mix64(left + right), value + 1);
        }
    }

    private boolean next(long value) {
        long expected = count();
        if (value != expected) {
            fail("consumer " + salt + " expected value " + expected + " but got " + value
                    + (value < expected ? " (duplicated)" : " (one lost)"));
            return false;
        }
        return failure() == null;
    }

    /** After the consumer stopped: null when it took 0..n-1 exactly once with the right checksum. */
    String verify(long n, boolean joins) {
        if (failure() != null) {
            return failure();
        }
        if (count() != n) {
            return "consumer " + salt + " took " + count() + " of " + n + " events";
        }
        long due = 0;
        for (long v = 0; v < n; v++) {
            due += joins ? Mix.mix64(Topologies.left(v) + Topologies.right(v)) : Mix.mix64(v + salt);
        }
        return due == sum() ? null : "consumer " + salt + " checksum differs: an event was corrupted";
    }
}
