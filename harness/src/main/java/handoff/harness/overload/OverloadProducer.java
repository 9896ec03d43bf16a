package handoff.harness.overload;

import handoff.harness.openloop.OpenLoopRun;
import handoff.harness.openloop.Pacer;
import handoff.harness.openloop.Schedule;
import handoff.pipelines.Pipeline;
import handoff.pipelines.overload.Ledger;
import handoff.pipelines.overload.OverloadPolicy;
import handoff.queues.Wait;
import handoff.queues.disruptor.Sequence;
import org.HdrHistogram.Histogram;

import java.util.function.BooleanSupplier;

/**
 * One open-loop producer ({@link OpenLoopRun}'s schedule: global event j due at t0 + j/R, this producer's are
 * j = k·P + id; late events are sent at once, never skipped) that offers each event under a policy and times each
 * attempt. It stops when told (the end of the window, overloaded or not); events due by then that it never reached
 * are {@link #behind}.
 */
final class OverloadProducer implements Runnable {
    private final Pipeline pipeline;
    private final OverloadPolicy policy;
    private final long timeoutNanos;
    private final Wait wait;
    private final Schedule schedule;
    private final long minOffers;
    final Ledger ledger;
    /** Events accepted / discarded by this producer so far: written here (release), read by the monitor (acquire). */
    final Sequence accepted = new Sequence(0);
    final Sequence discarded = new Sequence(0);
    /** Time inside each publish attempt that overlaps the window, and the sum of its overlap with the window. */
    final Histogram stall = OpenLoopRun.newHistogram();
    long stalledNanos;
    Throwable failure;
    volatile boolean stop;
    private final BooleanSupplier stopped = () -> stop;

    OverloadProducer(Pipeline pipeline, OverloadPolicy policy, long timeoutNanos, Ledger ledger, Wait wait, Schedule schedule,
                     long minOffers) {
        this.pipeline = pipeline;
        this.policy = policy;
        this.timeoutNanos = timeoutNanos;
        this.ledger = ledger;
        this.wait = wait;
        this.schedule = schedule;
        this.minOffers = minOffers;
        this.pacer = Pacer.forThreads(schedule.producers() + handoff.pipelines.Pipeline.STAGES);
    }

    @Override
    public void run() {
        try {
            for (long k = 0; !stop || k < minOffers; k++) {
                long intended = schedule.intended(k);
                if (intended >= schedule.measureEnd()) {
                    break;
                }
                long sendAt = pacer.awaitDue(intended, wait, stopped);
                boolean ok = policy.publish(pipeline, schedule.id(), k, intended, timeoutNanos, ledger);
                long done = System.nanoTime();
                // by when the attempt ran, not when its event was due: a producer that fell behind in the warm-up
                // may spend the whole window on events due before it, and that is the stall to report
                if (done > schedule.measureStart() && sendAt < schedule.measureEnd()) {
                    stall.recordValue(done - sendAt);
                    stalledNanos += Math.min(done, schedule.measureEnd()) - Math.max(sendAt, schedule.measureStart());
                }
                if (ok) {
                    accepted.set(accepted.get() + 1);
                }
                discarded.set(ledger.discarded());
            }
        } catch (Throwable t) {
            failure = t;
        }
    }

    /** Parks until due where the open-loop threads outnumber the CPUs ({@link Pacer#forThreads}), as the latency suite's. */
    private final Pacer pacer;

    Schedule schedule() {
        return schedule;
    }

    /** Events of this producer due before the window closed. */
    long due() {
        return schedule.due();
    }
}
