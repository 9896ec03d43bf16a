package handoff.harness.latency;

import handoff.harness.meters.ResourceMeter;
import handoff.harness.trial.Status;
import handoff.harness.trial.TrialContext;
import handoff.pipelines.Pipeline;
import handoff.queues.Transport;
import handoff.queues.Wait;


/**
 * CPUs a started pipeline burns with nothing to do: its stage threads wait on empty hops for the measurement
 * window, and their CPU time over the window's wall time is the answer (a spinning stage costs one CPU each,
 * a parked or blocked one next to nothing). The price of a wait strategy that a throughput figure hides.
 */
final class IdleRun {
    /** Long enough to see a spinning stage (a whole CPU), short enough to ride along with every latency trial. */
    static final long WINDOW_MS = 500;

    private IdleRun() {
    }

    /**
     * What the window measured.
     *
     * @param status   {@code ok}, or why the pipeline cannot run (then the trial's status)
     * @param idleCpus the trial's own threads' CPU over the window (per-thread, ns) ÷ its wall time; NaN where it
     *                 cannot be read
     */
    record Result(Status status, double idleCpus) {
    }

    static Result measure(Transport t, LatencyConfig c, int capacity, TrialContext ctx, long windowMs)
            throws InterruptedException {
        Wait wait = Wait.parse(c.waitStrategy());
        String why = t.unsupported(wait, c.producers());
        if (why != null) {
            return new Result(Status.notApplicable(why), Double.NaN);
        }
        Pipeline pipeline = Pipeline.over(t).producers(c.producers()).waitStrategy(wait)
                .capacity(capacity).work(c.work()).threads(ctx.threads()).start();
        ResourceMeter.Usage usage;
        long wall;
        try (ResourceMeter meter = new ResourceMeter(ctx.threads())) {
            Thread.sleep(200); // let the stage threads reach their idle wait
            meter.begin();
            long t0 = System.nanoTime();
            Thread.sleep(windowMs);
            wall = System.nanoTime() - t0;
            usage = meter.end();
        } finally {
            pipeline.halt();
        }
        return new Result(Status.ok(), usage.cpuNanos() >= 0 ? usage.cpuNanos() / (double) wall : Double.NaN);
    }
}
