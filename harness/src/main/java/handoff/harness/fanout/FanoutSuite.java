package handoff.harness.fanout;

import handoff.harness.results.TrialProperties;

import handoff.harness.trial.FaultInjection;
import handoff.harness.runtime.JvmOptions;
import handoff.harness.trial.Profile;
import handoff.harness.stats.Stats;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.harness.results.Schema;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code fanout} suite: one trial (one JVM) per pipeline-capable transport × wait × fork, running every
 * {@link ScenarioVariant} that transport can do (the broker's variants, multicast, diamond), forks of all configurations
 * interleaved. Transports that cannot carry the suite's events (framed-byte transports, the single-producer RTT
 * floors) get {@code n/a} rows without a JVM, their reason carried in every trial's sizing.
 */
public final class FanoutSuite implements Suite {
    static final String NOT_APPLICABLE = "not_applicable";

    @Override
    public String name() {
        return "fanout";
    }

    @Override
    public String csvFile() {
        return FanoutCsv.FILE;
    }

    @Override
    public Schema schema() {
        return Schema.of(FanoutCsv.TABLE.schema());
    }


    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        Sizes sizes = Sizes.of(plan.profile());
        int forks = plan.forks(sizes.forks());
        List<String> na = new ArrayList<>();
        for (Transport t : plan.transportsOr(false)) {
            if (!t.pipelineCapable()) {
                na.add(t.id());
            }
        }
        List<List<TrialSpec>> configs = new ArrayList<>();
        for (Transport t : plan.transportsOr(true)) {
            for (Wait w : plan.waitsFor(t, plan.waits().isEmpty() ? defaultWaits(plan.profile()) : plan.waits())) {
                List<TrialSpec> out = new ArrayList<>();
                for (int fork = 0; fork < forks; fork++) {
                    TrialProperties.Builder config = TrialProperties.builder();
                    FanoutConfig.CODEC.write(new FanoutConfig(t.id(), w.id(), sizes.producers()), config);
                    TrialProperties.Builder sizing = plan.sizing(fork);
                    sizes.into(sizing);
                    sizing.put(NOT_APPLICABLE, String.join(";", na));
                    out.add(new TrialSpec(name(), config, sizing));
                }
                configs.add(out);
            }
        }
        return Stats.interleave(configs);
    }

    /** {@code park} in {@code smoke}/{@code quick} (20+ threads on few CPUs); {@code full} adds the published {@code yield}. */
    static List<Wait> defaultWaits(Profile p) {
        return p == Profile.FULL ? List.of(Wait.PARK, Wait.YIELD) : List.of(Wait.PARK);
    }

    /** Why a transport cannot run the suite (it carries framed bytes, or takes one producer), for its n/a rows. */
    static String whyNot(Transport t) {
        return t.maxProducers() < 2 ? t.id() + " takes one producer (the broker has several and the diamond's join two)"
                : t.id() + " carries framed bytes (not the suite's event objects)";
    }

    @Override
    public int threads(TrialSpec spec) {
        int producers = FanoutConfig.of(spec.config()).producers();
        return ScenarioVariant.of(FanoutConfig.of(spec.config()).transport()).stream().mapToInt(p -> p.threads(producers)).max().orElse(1);
    }

    @Override
    public double estimateSeconds(TrialSpec spec) {
        Sizes s = Sizes.from(spec);
        double seconds = 2.5; // a JVM, the harness and each part's first, JIT-cold run on a loaded 2-core box
        for (ScenarioVariant p : ScenarioVariant.of(FanoutConfig.of(spec.config()).transport())) {
            int runs = s.warmups() + s.runs();
            if (p.broker()) {
                double rate = p.variant().equals(Broker.Variant.AS_PUBLISHED.id) ? 0.4e6 : 1.5e6;
                seconds += runs * s.producers() * s.perProducer() * Workload.PER_TYPE / rate + s.latencyMs() / 1000.0 + 0.1;
            } else {
                seconds += runs * s.topologyEvents() / 3e6 + 0.05;
            }
            seconds += s.warmupMs() / 1000.0; // warm-up lasts at least this long, whatever the runs' count
        }
        return seconds;
    }

    /**
     * The small fixed, pre-touched heap: pre-touching the measuring one costs each short JVM about a second on a
     * loaded 2-core box. Live data is small: one run's events, plus what an unbounded hop ({@code clq}, {@code lbq})
     * lets the dispatcher queue ahead of a subscriber (~50 bytes a dispatch).
     */
    static final List<String> HEAP = JvmOptions.SMALL_HEAP;

    @Override
    public List<String> jvmArgs(TrialSpec spec) {
        return HEAP;
    }

    @Override
    public TrialProperties run(TrialSpec spec, TrialContext ctx) throws Exception {
        FanoutConfig c = FanoutConfig.of(spec.config());
        Transport t = FaultInjection.wrap(Transports.get(c.transport()), ctx);
        return FanoutRun.run(t, Wait.parse(c.waitStrategy()), spec.getInt("capacity"), Sizes.from(spec), ctx.threads());
    }


    /** Its typed rows ({@link FanoutRows#fold}) written by {@link FanoutCsv#TABLE}. */
    @Override
    public String csv(List<TrialProperties> trials, Path runDir) {
        return FanoutCsv.TABLE.render(FanoutRows.fold(trials, runDir));
    }
}
