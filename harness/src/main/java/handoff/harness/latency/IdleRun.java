package handoff.harness.latency;

import handoff.harness.results.Cells;
import handoff.harness.trial.Forks;
import handoff.harness.meters.ResourceMeter;
import handoff.harness.trial.Status;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.pipelines.Pipeline;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.LinkedHashMap;
import java.util.Map;

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

    static Map<String, String> measure(Transport t, TrialSpec spec, TrialContext ctx, long windowMs) throws InterruptedException {
        Map<String, String> out = new LinkedHashMap<>();
        Wait wait = Wait.parse(spec.get("wait"));
        String why = t.unsupported(wait, spec.getInt("producers"));
        if (why != null) {
            out.put("status", Status.notApplicable(why).render());
            return out;
        }
        Pipeline pipeline = Pipeline.over(t).producers(spec.getInt("producers")).waitStrategy(wait)
                .capacity(spec.getInt("capacity")).work(spec.getInt("work")).threads(ctx.threads()).start();
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
        out.put("status", Status.ok().render());
        // the trial's own threads' CPU over the window (per-thread, ns); empty where it cannot be read
        out.put("idle_cpus", usage.cpuNanos() >= 0 ? Cells.format(usage.cpuNanos() / (double) wall) : "");
        return out;
    }
}
