package handoff.harness.openloop;

import handoff.pipelines.Pipeline;
import handoff.queues.Wait;
import handoff.queues.disruptor.Sequence;
import org.HdrHistogram.Histogram;

import java.util.function.BooleanSupplier;

/**
 * One open-loop producer: events j = k·P + p, due at t0 + j·period ({@link Schedule}), each published with its
 * intended time, until the window ({@link OpenLoopWindow}) closes.
 */
final class OpenLoopProducer implements Runnable {
    private final Pipeline pipeline;
    private final Wait wait;
    private final Pacer pacer;
    private final Schedule schedule;
    private final OpenLoopWindow window;
    /** Events published so far: written by this producer (release), read by the monitor (acquire). */
    final Sequence sent = new Sequence(0);
    /** Send lag (actual publish start − intended) of the window's events. */
    final Histogram lag = OpenLoopRun.newHistogram();
    /**
     * How long the publish call itself took (its return − {@code sendAt}) for the window's events: the producer's cost
     * of a hand-off, what the 2026 pipeline article times. One extra {@code System.nanoTime()} per event, in warm-up too.
     */
    final Histogram publishCall = OpenLoopRun.newHistogram();
    /** Warm-up lag goes here, through the same code as {@link #lag}, and is dropped. */
    private final Histogram warmLag = OpenLoopRun.newHistogram();
    long measured;
    Throwable failure;
    volatile boolean finished;
    volatile boolean stop;
    private final BooleanSupplier stopped = () -> stop;

    OpenLoopProducer(Pipeline pipeline, Wait wait, Pacer pacer, Schedule schedule, OpenLoopWindow window) {
        this.pipeline = pipeline;
        this.wait = wait;
        this.pacer = pacer;
        this.schedule = schedule;
        this.window = window;
    }

    @Override
    public void run() {
        try {
            for (long k = 0; !stop; k++) {
                long intended = schedule.intended(k);
                if (intended >= window.end()) { // volatile read: the window may have been decided meanwhile
                    break;
                }
                long sendAt = pacer.awaitDue(intended, wait, stopped);
                pipeline.publish(schedule.id(), k, intended);
                long returned = System.nanoTime();
                if (window.measures(intended)) {
                    lag.recordValue(sendAt - intended);
                    publishCall.recordValue(returned - sendAt);
                    measured++;
                } else {
                    warmLag.recordValue(sendAt - intended);
                    warmLag.recordValue(returned - sendAt); // the same work as the window's, dropped
                }
                sent.set(k + 1);
            }
        } catch (Throwable t) {
            failure = t; // e.g. a publish interrupted by halt() on a stuck run
        } finally {
            finished = true;
        }
    }
}
