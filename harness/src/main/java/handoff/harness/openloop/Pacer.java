package handoff.harness.openloop;

import handoff.queues.Wait;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * How an open-loop producer waits for its next event's intended time (docs/measurement.md §3). It never skips an event and
 * never moves the schedule: it returns the first clock reading at or after the due time, and a producer that
 * is late gets it back at once, so it sends everything that is due back to back, each event still carrying its
 * own intended time.
 *
 * <ul>
 * <li>{@link #PARK}: parks until due and spins not at all. For where the open-loop threads outnumber the CPUs: a
 * spinning pacer would take a CPU from the pipeline it measures. {@code parkNanos} oversleeps (on Linux by about
 * the 50 µs timer slack); that oversleep is send lag, and it counts against the latency because events are
 * stamped with their intended time.</li>
 * <li>{@link #SPIN_MARGIN}: parks until {@link #SPIN_MARGIN_NS} before due, then spins: the send is on time, at
 * the cost of up to a CPU when events are due less than the margin apart. For where there are CPUs to spare.</li>
 * </ul>
 * A {@link Wait#SPIN} configuration always spins: that is what it asked for.
 */
public enum Pacer {
    PARK, SPIN_MARGIN;

    /** A parked producer wakes this long before its next send and spins the rest (SPIN_MARGIN only). */
    public static final long SPIN_MARGIN_NS = 50_000;

    /** PARK where {@code threads} (producers and stage workers) outnumber the CPUs this JVM may use, else SPIN_MARGIN. */
    public static Pacer forThreads(int threads) {
        return threads > Runtime.getRuntime().availableProcessors() ? PARK : SPIN_MARGIN;
    }

    public String id() {
        return this == PARK ? "park" : "spin-margin";
    }

    /**
     * Returns the first clock reading at or after {@code due}. Once {@code stopped} says so it parks no more
     * (it spins out the rest, so that a stopping run is not held up by a long sleep).
     */
    public long awaitDue(long due, Wait wait, BooleanSupplier stopped) {
        long now = System.nanoTime();
        if (wait != Wait.SPIN) {
            long margin = this == PARK ? 0 : SPIN_MARGIN_NS;
            long sleep;
            while ((sleep = due - now - margin) > 0 && !stopped.getAsBoolean()) {
                LockSupport.parkNanos(sleep);
                now = System.nanoTime();
            }
        }
        while (now < due) {
            Thread.onSpinWait();
            now = System.nanoTime();
        }
        return now;
    }
}
