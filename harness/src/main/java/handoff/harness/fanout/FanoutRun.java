package handoff.harness.fanout;

import handoff.harness.results.TrialProperties;

import handoff.harness.trial.Forks;
import handoff.harness.meters.ResourceMeter;
import handoff.harness.stats.Stats;
import handoff.harness.meters.TrialThreads;
import handoff.harness.trial.Status;
import handoff.queues.Transport;
import handoff.queues.Wait;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One fan-out trial in this JVM: every {@link ScenarioVariant} its transport can do, each with its warm-up runs, then its
 * measured runs (GC, allocation and CPU metered over them together), then, for the broker, one open-loop run at
 * {@code load_pct} of the saturation this JVM just measured for it. The result holds {@code <part>.*} properties
 * per part and a trial {@code status}: the first failure of any part (later parts do not run).
 */
final class FanoutRun {
    /** A measured run: its operations (dispatches or events) and time, or a failure. */
    private record Run(long ops, long nanos, String failure, Histogram latency) {
    }

    private FanoutRun() {
    }

    static TrialProperties run(Transport t, Wait wait, int capacity, Sizes sizes, TrialThreads threads)
            throws InterruptedException {
        TrialProperties.Builder out = TrialProperties.builder();
        Status first = null;
        for (ScenarioVariant part : ScenarioVariant.of(t.id())) {
            FanoutPart run = first != null ? new FanoutPart(Status.failed("not run: an earlier part " + first.render()), null, null)
                    : part(part, t, wait, capacity, sizes, threads);
            FanoutPart.CODEC.write(run, out, part.key() + ".");
            first = first != null || run.status().isOk() ? first : run.status();
        }
        Status.KEY.put(out, first == null ? Status.ok() : first);
        return out.build();
    }

    private static FanoutPart part(ScenarioVariant part, Transport t, Wait wait, int capacity, Sizes sizes,
                                   TrialThreads threads) throws InterruptedException {
        double[] rates = new double[sizes.runs()];
        long ops = 0;
        ResourceMeter.Usage usage;
        try (ResourceMeter meter = new ResourceMeter(threads)) {
            // at least warmups() runs and warmupMs() of them: a run is 15-25 ms in quick, less than a C2 compile
            long warmEnd = System.nanoTime() + sizes.warmupMs() * 1_000_000;
            for (int i = 0; i < sizes.warmups() || System.nanoTime() < warmEnd; i++) {
                Run r = once(part, t, wait, capacity, sizes, threads, 0);
                if (r.failure() != null) {
                    return new FanoutPart(Status.failed(part.key() + " warm-up: " + r.failure()), null, null);
                }
            }
            meter.begin();
            for (int i = 0; i < rates.length; i++) {
                Run r = once(part, t, wait, capacity, sizes, threads, 0);
                if (r.failure() != null) {
                    return new FanoutPart(Status.failed(part.key() + ": " + r.failure()), null, null);
                }
                rates[i] = r.ops() * 1e9 / r.nanos();
                ops += r.ops();
            }
            usage = meter.end();
        }
        double median = Stats.median(rates);
        // the runs' rates in order, for the warm-up check
        FanoutPart.Saturation saturation = new FanoutPart.Saturation(median, rates, ops, usage.perUnit(ops));
        if (!part.broker()) {
            return new FanoutPart(Status.ok(), saturation, null);
        }
        double offered = median * sizes.loadPct() / 100.0;
        Run r = once(part, t, wait, capacity, sizes, threads, offered / Workload.PER_TYPE);
        if (r.failure() != null) {
            return new FanoutPart(Status.failed(part.key() + " open loop at " + sizes.loadPct() + " %: " + r.failure()),
                    saturation, null);
        }
        Histogram h = r.latency();
        return new FanoutPart(Status.ok(), saturation, new FanoutPart.OpenLoop(offered, h.getTotalCount(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getMaxValue(), h));
    }

    /** One run of a part: saturation when {@code eventsPerSecond} is 0, else open loop for the latency window. */
    private static Run once(ScenarioVariant part, Transport t, Wait wait, int capacity, Sizes sizes, TrialThreads threads,
                            double eventsPerSecond) throws InterruptedException {
        if (part.broker()) {
            long perProducer = eventsPerSecond <= 0 ? sizes.perProducer()
                    : Math.max(100, (long) (eventsPerSecond * sizes.latencyMs() / 1000.0 / sizes.producers()));
            Workload w = new Workload(sizes.producers(), perProducer);
            BrokerRun.Result r = BrokerRun.run(new BrokerRun.Setup(Broker.Variant.of(part.variant()), t, wait, capacity,
                    threads, sizes.stallMs()), w, eventsPerSecond);
            return new Run(w.dispatches(), r.nanos(), r.failure(), r.latency());
        }
        // the producer is a trial thread, so that what a queue allocates per event in publish is counted
        AtomicReference<Object> result = new AtomicReference<>();
        Thread producer = threads.newThread("producer-0", () -> {
            try {
                result.set(TopologyRun.run(part.scenario(), t, wait, capacity, sizes.topologyEvents(), threads,
                        sizes.stallMs()));
            } catch (Throwable e) {
                result.set(e);
            }
        });
        producer.start();
        producer.join();
        if (result.get() instanceof TopologyRun.Result r) {
            return new Run(sizes.topologyEvents(), r.nanos(), r.failure(), null);
        }
        return new Run(0, 1, "the producer threw " + result.get(), null);
    }
}
