package handoff.harness.latency;

import handoff.harness.openloop.OpenLoopRun;
import handoff.harness.openloop.Pacer;
import handoff.harness.openloop.Schedule;
import handoff.queues.ThreadSource;
import handoff.queues.Wait;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The open-loop load generator alone (issue 40): the latency suite's producers, with their {@link Schedule} and
 * {@link Pacer}, publishing into a sink with no hand-off (a null pipeline: each send only counts). From
 * {@link RateSearch#START_EPS} the rate doubles while the producers keep up (sent ≥ 99 % of the events due when
 * the window closes, the throughput part of {@link OpenLoopRun.Result#keptUp}; a failure is confirmed by a second
 * run, as the search's); the ceiling is the last rate that kept up. A sustainable rate at or above it is the
 * generator's limit, not the transport's. NaN when not even the start rate kept up.
 */
final class GeneratorCeiling {
    /** Sent ÷ due at the window's end at or above this keeps up (the same 1 % as the search). */
    static final double KEPT_UP = 0.99;
    private static final long START_DELAY_NS = 5_000_000;

    private GeneratorCeiling() {
    }

    /** The highest doubling rate the generator kept up with, events/s; NaN when none did. */
    static double measure(int producers, Wait wait, Pacer pacer, ThreadSource threads, long windowMs) throws InterruptedException {
        double ceiling = Double.NaN;
        for (double rate = RateSearch.START_EPS; rate <= RateSearch.MAX_EPS; rate *= 2) {
            if (!(keptUp(producers, wait, pacer, threads, windowMs, rate) || keptUp(producers, wait, pacer, threads, windowMs, rate))) {
                break;
            }
            ceiling = rate;
        }
        return ceiling;
    }

    /** One run at {@code rateEps}: whether the producers sent at least {@link #KEPT_UP} of the events due. */
    static boolean keptUp(int producers, Wait wait, Pacer pacer, ThreadSource threads, long windowMs, double rateEps)
            throws InterruptedException {
        long t0 = System.nanoTime() + START_DELAY_NS;
        long end = t0 + TimeUnit.MILLISECONDS.toNanos(windowMs);
        Sink[] sinks = new Sink[producers];
        Thread[] th = new Thread[producers];
        for (int p = 0; p < producers; p++) {
            sinks[p] = new Sink(new Schedule(p, producers, t0, 1e9 / rateEps, t0, end), wait, pacer);
            th[p] = threads.newThread("generator-" + p, sinks[p]);
            th[p].start();
        }
        long now;
        while ((now = System.nanoTime()) < end) {
            LockSupport.parkNanos(end - now);
        }
        for (Sink s : sinks) {
            s.stop = true;
        }
        long sent = 0;
        long due = 0;
        for (int p = 0; p < producers; p++) {
            th[p].join(TimeUnit.SECONDS.toMillis(30));
            sent += sinks[p].sent;
            due += sinks[p].schedule.due();
        }
        return due > 0 && sent >= KEPT_UP * due;
    }

    /** One producer publishing into nothing: it paces, then counts. */
    private static final class Sink implements Runnable {
        final Schedule schedule;
        private final Wait wait;
        private final Pacer pacer;
        volatile boolean stop;
        /** Events sent; read after join. */
        long sent;

        Sink(Schedule schedule, Wait wait, Pacer pacer) {
            this.schedule = schedule;
            this.wait = wait;
            this.pacer = pacer;
        }

        @Override
        public void run() {
            for (long k = 0; !stop; k++) {
                long intended = schedule.intended(k);
                if (intended >= schedule.measureEnd()) {
                    break;
                }
                pacer.awaitDue(intended, wait, () -> stop);
                sent = k + 1;
            }
        }
    }
}
