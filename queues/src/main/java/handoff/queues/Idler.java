package handoff.queues;

import java.util.concurrent.locks.LockSupport;

/**
 * Back-off for a thread whose poll or offer on a non-blocking transport found nothing to do. Stateless:
 * the caller keeps the count of consecutive empty attempts, so there is no per-thread object to look up
 * on the hot path. {@link Wait#BLOCK} and {@link Wait#NATIVE} have no polling form; a poller asked for
 * them backs off like {@link Wait#PARK}, which is what blocking degrades to without a condition.
 */
public final class Idler {
    static final int SPINS = 100;
    static final int YIELDS = 10;
    static final long MAX_PARK_NS = 100_000;

    private Idler() {
    }

    /**
     * @param attempt consecutive empty attempts so far (0 on the first); reset it after useful work
     */
    public static void idle(Wait wait, int attempt) {
        if (wait == Wait.SPIN) {
            Thread.onSpinWait();
        } else if (attempt < SPINS) {
            // The brief spin of yield and park polls again at once, without onSpinWait: on a VM one x86 PAUSE
            // took 80-330 ns (2-vCPU AMD EPYC, load-dependent), which stretched 100 spins into 8-30 us of CPU
            // burnt before the first yield, taken from the very thread being waited for whenever threads
            // outnumber CPUs. LMAX's yielding and sleeping strategies poll their first 100 times the same way.
            return;
        } else if (wait == Wait.YIELD || attempt < SPINS + YIELDS) {
            Thread.yield();
        } else {
            // 1 us doubling to 100 us: short enough that a burst after a quiet spell is noticed quickly.
            int doublings = Math.min(attempt - SPINS - YIELDS, 7);
            LockSupport.parkNanos(Math.min(1_000L << doublings, MAX_PARK_NS));
        }
    }
}
