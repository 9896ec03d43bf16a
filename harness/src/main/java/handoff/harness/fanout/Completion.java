package handoff.harness.fanout;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Waits until every consumer has taken everything due to it: the end of a run is when the last consumer
 * finished, never when the first hop drained (the published broker's timing stopped there). A run that makes no
 * progress for {@code stallMs} has lost something; one whose checks failed stops at once.
 */
final class Completion {
    private Completion() {
    }

    /**
     * @param done    events or dispatches every consumer has finished, summed
     * @param due     what {@code done} reaches when nothing was lost
     * @param failure the first failed check so far, or null
     * @return null when {@code done} reached {@code due}, else why it did not
     */
    static String await(LongSupplier done, long due, Supplier<String> failure, long stallMs) {
        long last = -1;
        long lastMove = System.nanoTime();
        while (true) {
            String f = failure.get();
            if (f != null) {
                return f;
            }
            long d = done.getAsLong();
            if (d == due) {
                return null;
            }
            if (d > due) {
                return d + " arrived of " + due + " due (duplicated)";
            }
            long now = System.nanoTime();
            if (d != last) {
                last = d;
                lastMove = now;
            } else if (now - lastMove > stallMs * 1_000_000) {
                return "stalled at " + d + " of " + due + " for " + stallMs + " ms (lost)";
            }
            LockSupport.parkNanos(50_000);
        }
    }
}
