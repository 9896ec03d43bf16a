package handoff.harness.rtt;

import handoff.queues.SpscArrayQueue;

/**
 * How an RTT producer waits for its reply: the same busy-poll for every row, whatever the row's wait strategy, so
 * the reply path is one fixed fast path and never the harness's park back-off. The poll is the SPSC queue's
 * acquire load of the consumer's ordered (release) store of the reply; {@link Thread#onSpinWait()} between polls.
 * A producer spinning here holds its CPU: with more threads than CPUs it competes with the consumer it waits for.
 */
final class ReplyWait {
    /** Counter bits between two clock reads while waiting (2^16 polls: well under a millisecond). */
    private static final int CLOCK_MASK = 0xFFFF;

    private ReplyWait() {
    }

    /** Polls until a reply arrives (true, reply consumed) or {@code stuckNs} passed since {@code sentAt} (false). */
    static boolean await(SpscArrayQueue<Object> replies, long sentAt, long stuckNs) {
        int polls = 0;
        while (replies.poll() == null) {
            Thread.onSpinWait();
            if ((++polls & CLOCK_MASK) == 0 && System.nanoTime() - sentAt > stuckNs) {
                return false;
            }
        }
        return true;
    }
}
