package handoff.harness.jmh;

import handoff.queues.Idler;
import handoff.queues.Wait;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * How a benchmark thread waits for the last stage to catch up with what was published: with the trial's
 * wait strategy ({@code block} and {@code native} back off like {@code park}), and failing the trial
 * instead of hanging when nothing moves for {@value #STALL_S} s. The back-off is not reset on progress:
 * the waiting thread does no useful work, so once it backs off it stays backed off.
 */
public final class Drain {
    static final long STALL_S = 30;
    private static final long STALL_NS = TimeUnit.SECONDS.toNanos(STALL_S);

    private Drain() {
    }

    public static void await(LongSupplier processed, long goal, Wait wait, String what) {
        long last = -1;
        long lastProgress = System.nanoTime();
        int idle = 0;
        long done;
        while ((done = processed.getAsLong()) < goal) {
            if ((idle & 255) == 0) {
                long now = System.nanoTime();
                if (done != last) {
                    last = done;
                    lastProgress = now;
                } else if (now - lastProgress > STALL_NS) {
                    throw TrialFailure.report("stuck: " + (goal - done) + " " + what + " never arrived");
                }
            }
            Idler.idle(wait, idle++);
        }
    }
}
