package handoff.harness.overload;

import handoff.pipelines.Pipeline;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;
import handoff.queues.disruptor.Sequence;

import java.util.concurrent.TimeUnit;

/**
 * The saturation rate measured in the trial's own JVM when the run has no pipeline-suite result for this
 * configuration: producers publish as fast as the pipeline takes events (closed loop, blocking) for a warm-up and a
 * window; the rate is the events the aggregate stage finished in the window per second. The run is drained and
 * verified like any other (a lost event fails it).
 */
final class SaturationProbe {
    private SaturationProbe() {
    }

    static double measure(Transport t, int producers, Wait wait, int work, int capacity, ThreadSource threads,
                          long warmupMs, long measureMs) throws InterruptedException {
        Pipeline pipeline = Pipeline.over(t).producers(producers).waitStrategy(wait).capacity(capacity).work(work)
                .threads(threads).start();
        Sequence[] sent = new Sequence[producers];
        Thread[] th = new Thread[producers];
        Sequence stopFlag = new Sequence(0);
        for (int p = 0; p < producers; p++) {
            int id = p;
            sent[p] = new Sequence(0);
            th[p] = threads.newThread("producer-" + p, () -> {
                for (long k = 0; stopFlag.get() == 0; k++) {
                    pipeline.publish(id, k, 0);
                    sent[id].set(k + 1);
                }
            });
            th[p].start();
        }
        TimeUnit.MILLISECONDS.sleep(warmupMs);
        long from = pipeline.processed();
        long t0 = System.nanoTime();
        TimeUnit.MILLISECONDS.sleep(measureMs);
        long to = pipeline.processed();
        long t1 = System.nanoTime();
        stopFlag.set(1);
        long[] perProducer = new long[producers];
        long total = 0;
        for (int p = 0; p < producers; p++) {
            th[p].join(TimeUnit.SECONDS.toMillis(30));
            perProducer[p] = sent[p].get();
            total += perProducer[p];
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pipeline.processed() < total && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(1);
        }
        pipeline.halt();
        String failure = pipeline.verify(total, pipeline.orders().expectedChecksum(perProducer));
        if (failure != null) {
            throw new IllegalStateException("saturation probe: " + failure);
        }
        return (to - from) * 1e9 / (t1 - t0);
    }
}
