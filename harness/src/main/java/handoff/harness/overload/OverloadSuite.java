package handoff.harness.overload;

import handoff.harness.latency.SustainableRate;
import handoff.harness.pipeline.SaturationRate;
import handoff.harness.results.RunFolder;
import handoff.harness.results.Schema;
import handoff.harness.results.TrialProperties;
import handoff.harness.runtime.JvmOptions;
import handoff.harness.stats.Stats;
import handoff.harness.trial.FaultInjection;
import handoff.harness.trial.Forks;
import handoff.harness.trial.MeasuredRate;
import handoff.harness.trial.MeasuredRates;
import handoff.harness.trial.Profile;
import handoff.harness.trial.RateSource;
import handoff.harness.trial.Status;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.pipelines.Pipeline;
import handoff.pipelines.overload.OverloadPolicy;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The {@code overload} suite: per transport (one trial, one JVM), every policy it can express, each at 0.8× (the
 * control), 1.2×, 1.5× and 2× ({@code smoke}: 2× only) of the saturation rate of the same configuration measured in this run (the pipeline
 * suite's saturation row when it has one, else a short closed-loop probe in the trial's JVM, else, as a fallback that
 * need not overload, the latency suite's sustainable open-loop rate: {@code rate_basis} says which, {@link RateBasis}), open loop for a
 * fixed window; producers are then stopped while overloaded and the pipeline drains. Rows: {@link OverloadRows}.
 */
public final class OverloadSuite implements Suite {
    /** The bound of the {@code timeout} policy. */
    static final long TIMEOUT_US = 100;
    static final Duration DRAIN_BOUND = Duration.ofSeconds(10);
    static final Duration STUCK_AFTER = Duration.ofSeconds(5);

    /** Sizes per profile: warm-up and window per load, loads (% of saturation), probe warm-up and window. */
    record Sizes(int warmupMs, int measureMs, List<Integer> loads, int probeWarmupMs, int probeMs) {
        static Sizes of(Profile p) {
            return switch (p) {
                case SMOKE -> new Sizes(50, 100, List.of(200), 100, 200);
                case QUICK -> new Sizes(100, 300, List.of(80, 120, 150, 200), 200, 300);
                case FULL -> new Sizes(500, 2_000, List.of(80, 120, 150, 200), 1_000, 2_000);
            };
        }
    }

    @Override
    public String name() {
        return "overload";
    }

    @Override
    public String csvFile() {
        return OverloadCsv.FILE;
    }

    @Override
    public Schema schema() {
        return Schema.of(OverloadCsv.TABLE.schema());
    }


    /** The policies a transport can express, in vocabulary order. */
    static List<OverloadPolicy> policies(Transport t) {
        return Arrays.stream(OverloadPolicy.values()).filter(p -> p.unsupported(t) == null).toList();
    }

    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        Sizes sizes = Sizes.of(plan.profile());
        List<Wait> waits = plan.waits().isEmpty() ? List.of(Wait.PARK) : plan.waits();
        int producers = plan.producersOr().stream().mapToInt(Integer::intValue).max().orElse(1);
        boolean probe = !plan.suites().contains(SaturationRate.PIPELINE.suite());
        List<List<TrialSpec>> configs = new ArrayList<>();
        for (Transport t : plan.transportsOr(true)) {
            for (Wait w : plan.waitsFor(t, waits)) {
                List<TrialSpec> forks = new ArrayList<>();
                for (int fork = 0; fork < plan.forks(1); fork++) {
                    TrialProperties.Builder config = TrialProperties.builder();
                    OverloadConfig.CODEC.write(new OverloadConfig(t.id(), producers, w.id(), plan.work()), config);
                    TrialProperties.Builder sizing = plan.sizing(fork);
                    sizing.put("warmup_ms", Integer.toString(sizes.warmupMs()));
                    sizing.put("measure_ms", Integer.toString(sizes.measureMs()));
                    sizing.put("loads", SweepPlan.join(sizes.loads()));
                    sizing.put("probe_ms", probe ? sizes.probeWarmupMs() + "," + sizes.probeMs() : "");
                    sizing.put("timeout_us", Long.toString(TIMEOUT_US));
                    forks.add(new TrialSpec(name(), config, sizing));
                }
                configs.add(forks);
            }
        }
        return Stats.interleave(configs);
    }

    /**
     * Its heap as every measuring trial's, with a fixed 8 MiB young generation: queue transports then collect a few
     * times per window, so the heap after each collection ({@link HeapWatch}) shows what a backlog holds.
     */
    @Override
    public List<String> jvmArgs(TrialSpec spec) {
        return Stream.concat(JvmOptions.HEAP.stream(), Stream.of("-Xmn8m")).toList();
    }

    /**
     * The rate its loads are fractions of comes from the pipeline suite's saturation where it ran, else from its own
     * probe, else from the latency suite's sustainable rate ({@link RateBasis}).
     */
    @Override
    public List<RateSource> needs() {
        return List.of(SaturationRate.PIPELINE, SustainableRate.OWN);
    }

    @Override
    public int threads(TrialSpec spec) {
        return OverloadConfig.of(spec.config()).producers() + Pipeline.STAGES;
    }

    @Override
    public double estimateSeconds(TrialSpec spec) {
        OverloadSizing sizing = OverloadSizing.of(spec.sizing());
        int runs = policies(Transports.get(OverloadConfig.of(spec.config()).transport())).size() * sizing.loadPcts().size();
        double probe = sizing.probe().stream().mapToInt(Integer::intValue).sum() / 1000.0;
        return 1.5 + probe + runs * (0.15 + (spec.getLong("warmup_ms") + spec.getLong("measure_ms")) / 1000.0);
    }

    static List<Integer> ints(String csv) {
        return csv == null || csv.isEmpty() ? List.of()
                : Arrays.stream(csv.split(",")).map(String::trim).map(Integer::parseInt).toList();
    }

    @Override
    public TrialProperties run(TrialSpec spec, TrialContext ctx) throws Exception {
        OverloadConfig config = OverloadConfig.of(spec.config());
        Transport t = FaultInjection.wrap(Transports.get(config.transport()), ctx);
        int producers = config.producers();
        Wait wait = Wait.parse(config.waitStrategy());
        int work = config.work();
        OverloadSizing sizing = OverloadSizing.of(spec.sizing());
        int capacity = sizing.capacity();
        TrialProperties.Builder out = TrialProperties.builder();
        // first choice: what the configuration can carry, the pipeline suite's saturation row of the same transport,
        // wait, producers, work and one worker per stage (issue 40: a latency-limited rate need not overload anything);
        // then a closed-loop saturation probe in this JVM; only then, said so in the row, the latency suite's
        // sustainable open-loop rate, a latency-limited lower bound
        List<Integer> probe = sizing.probe();
        MeasuredRates rates = new MeasuredRates(new RunFolder(ctx.runDir()), this);
        Optional<MeasuredRate> measured = rates.of(SaturationRate.PIPELINE, spec);
        double saturation;
        RateBasis basis;
        if (measured.isPresent()) {
            saturation = measured.get().eps();
            basis = RateBasis.PIPELINE;
        } else if (probe.size() == 2) {
            saturation = SaturationProbe.measure(t, producers, wait, work, capacity, ctx.threads(), probe.get(0), probe.get(1));
            basis = RateBasis.PROBE;
            if (!(saturation > 0)) {
                return OverloadResult.CODEC.properties(new OverloadResult(Status.failed("the saturation probe saw no event "
                        + "complete in its " + probe.get(1) + " ms window"), basis.id(), null));
            }
        } else if ((measured = rates.of(SustainableRate.OWN, spec)).isPresent()) {
            saturation = measured.get().eps();
            basis = RateBasis.SUSTAINABLE;
        } else {
            return OverloadResult.CODEC.properties(new OverloadResult(Status.skipped("no saturation throughput measured "
                    + "for this configuration in this run"), null, null));
        }
        for (OverloadPolicy policy : policies(t)) {
            for (int pct : sizing.loadPcts()) {
                OverloadRun.Config c = new OverloadRun.Config(t, policy, producers, wait, work, capacity, saturation * pct / 100.0,
                        Duration.ofMillis(spec.getLong("warmup_ms")), Duration.ofMillis(spec.getLong("measure_ms")),
                        Duration.ofNanos(sizing.timeoutUs() * 1_000), DRAIN_BOUND, STUCK_AFTER, ctx.threads(),
                        FaultInjection.messagesToReach(ctx));
                OverloadRows.put(out, policy.id() + "@" + pct + ".", OverloadRun.run(c));
            }
        }
        OverloadResult.CODEC.write(new OverloadResult(Status.ok(), basis.id(), saturation), out);
        return out.build();
    }


    /** Its typed rows ({@link OverloadRows#fold}) written by {@link OverloadCsv#TABLE}. */
    @Override
    public String csv(List<TrialProperties> trials, Path runDir) {
        return OverloadCsv.TABLE.render(OverloadRows.fold(trials));
    }
}
