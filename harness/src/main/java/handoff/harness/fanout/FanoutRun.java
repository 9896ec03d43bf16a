package handoff.harness.fanout;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Cells;
import handoff.harness.results.Histograms;
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
            Status status = first != null ? Status.failed("not run: an earlier part " + first.render())
                    : part(part, t, wait, capacity, sizes, threads, out);
            out.put(part.key() + ".status", status.render());
            first = first != null || status.isOk() ? first : status;
        }
        out.put("status", (first == null ? Status.ok() : first).render());
        return out.build();
    }

    private static Status part(ScenarioVariant part, Transport t, Wait wait, int capacity, Sizes sizes, TrialThreads threads,
                               TrialProperties.Builder out) throws InterruptedException {
        String p = part.key() + ".";
        double[] rates = new double[sizes.runs()];
        long ops = 0;
        ResourceMeter.Usage usage;
        try (ResourceMeter meter = new ResourceMeter(threads)) {
            // at least warmups() runs and warmupMs() of them: a run is 15-25 ms in quick, less than a C2 compile
            long warmEnd = System.nanoTime() + sizes.warmupMs() * 1_000_000;
            for (int i = 0; i < sizes.warmups() || System.nanoTime() < warmEnd; i++) {
                Run r = once(part, t, wait, capacity, sizes, threads, 0);
                if (r.failure() != null) {
                    return Status.failed(part.key() + " warm-up: " + r.failure());
                }
            }
            meter.begin();
            for (int i = 0; i < rates.length; i++) {
                Run r = once(part, t, wait, capacity, sizes, threads, 0);
                if (r.failure() != null) {
                    return Status.failed(part.key() + ": " + r.failure());
                }
                rates[i] = r.ops() * 1e9 / r.nanos();
                ops += r.ops();
            }
            usage = meter.end();
        }
        double saturation = Stats.median(rates);
        out.put(p + "throughput_ops", Cells.format(saturation));
        out.put(p + "run_rates", handoff.harness.stats.WarmTrend.format(rates)); // in order, for the warm-up check
        out.put(p + "ops", Long.toString(ops));
        usage.columns(ops, "op").forEach((k, v) -> out.put(p + k, v));
        if (!part.broker()) {
            return Status.ok();
        }
        double offered = saturation * sizes.loadPct() / 100.0;
        Run r = once(part, t, wait, capacity, sizes, threads, offered / Workload.PER_TYPE);
        if (r.failure() != null) {
            return Status.failed(part.key() + " open loop at " + sizes.loadPct() + " %: " + r.failure());
        }
        out.put(p + "offered_ops", Cells.format(offered));
        out.put(p + "samples", Long.toString(r.latency().getTotalCount()));
        out.put(p + "p50_ns", Long.toString(r.latency().getValueAtPercentile(50)));
        out.put(p + "p99_ns", Long.toString(r.latency().getValueAtPercentile(99)));
        out.put(p + "max_ns", Long.toString(r.latency().getMaxValue()));
        out.put(p + "histogram", Histograms.encode(r.latency()));
        return Status.ok();
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
