package handoff.harness.latency;

import handoff.harness.results.TrialProperties;

import handoff.harness.openloop.OpenLoopRun;
import handoff.harness.pipeline.PipelineSuite;
import handoff.harness.results.Cells;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.RunFolder;
import handoff.harness.trial.FaultInjection;
import handoff.harness.trial.MeasuredRate;
import handoff.harness.trial.MeasuredRates;
import handoff.harness.trial.Profile;
import handoff.harness.stats.Stats;
import handoff.harness.meters.ResourceMeter;
import handoff.harness.trial.Status;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.meters.TailProbe;
import handoff.harness.meters.WindowProfile;
import handoff.harness.runtime.Profiling;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.harness.results.IntervalLog;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Schema;
import handoff.pipelines.Pipeline;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * End-to-end and per-hop latency of the pipeline at fixed offered loads, open loop ({@link OpenLoopRun}). Each
 * configuration first measures its own <em>sustainable open-loop rate</em> and its capacity at the latency budget
 * ({@link SustainableProbe}, rate basis {@code sustainable}); the latency rows are then offered the same absolute
 * rates for every transport, fractions of the slowest configuration's sustainable rate (low, middle, near the
 * knee), or the fixed {@code --rate}. Writes {@code pipeline-latency.csv}, and as by-products
 * {@code pipeline-capacity.csv} and {@code pipeline-hops.csv}.
 */
public final class LatencySuite implements Suite {
    static final String[] HOPS = {"publish->parse", "parse->enrich", "enrich->aggregate"};

    /** Its name in {@code --suites} and the prefix of its trial keys. */
    public static final String NAME = "latency";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String csvFile() {
        return LatencyCsv.FILE;
    }

    /** Its files' schemas from their column tables; pipeline-latency.csv's rows match across runs on the load. */
    @Override
    public Schema schema() {
        return Schema.of(LatencyCsv.schemas().toArray(CsvSchema[]::new));
    }


    /**
     * Rate bases: one absolute rate for all ({@code common}: a fraction of the slowest configuration's sustainable
     * open-loop rate), a fraction of each configuration's own ({@code own}), or the search for them ({@code sustainable}).
     */
    public static final String COMMON = "common";
    static final String OWN = "own";
    static final String SUSTAINABLE = "sustainable";

    /**
     * Per producer count: first every configuration's search for its sustainable rate (one JVM each), then every
     * transport at the same absolute rates (% of the slowest configuration's sustainable rate), then at % of its own;
     * each trial of a latency row first measures the CPUs the idle pipeline burns ({@link IdleRun}) at the ranking
     * load. Each rate's forks run interleaved across transports and waits, so that drift of the box lands on all of
     * them alike. Outside full, only the ranking (middle) load gets the ranking fork count; the others get one fork.
     */
    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        List<Wait> waits = plan.waits().isEmpty() ? defaultWaits(plan) : plan.waits();
        double budgetUs = SustainableProbe.budgetUs(System.getenv());
        List<String[]> rates = new ArrayList<>();
        if (plan.rate() > 0) {
            rates.add(new String[] {"fixed", ""});
        } else {
            plan.profile().commonLoadPercents.forEach(pct -> rates.add(new String[] {COMMON, pct.toString()}));
            plan.profile().loadPercents.forEach(pct -> rates.add(new String[] {OWN, pct.toString()}));
        }
        String ranking = rankingLoad(plan.profile());
        List<TrialSpec> out = new ArrayList<>();
        for (int p : plan.producersOr()) {
            if (plan.rate() <= 0) {
                for (Transport t : plan.transportsOr(true)) {
                    for (Wait w : plan.waitsFor(t, waits)) {
                        out.add(spec(plan, t, p, w, SUSTAINABLE, "", 0, budgetUs));
                    }
                }
            }
            for (String[] rate : rates) {
                boolean ranks = plan.profile() == Profile.FULL || rate[1].equals(ranking) || rate[1].isEmpty();
                int forks = ranks ? plan.forks(plan.profile().rankingForks()) : plan.forks(1);
                List<List<TrialSpec>> groups = new ArrayList<>();
                for (Transport t : plan.transportsOr(true)) {
                    for (Wait w : plan.waitsFor(t, waits)) {
                        List<TrialSpec> g = new ArrayList<>();
                        for (int fork = 0; fork < forks; fork++) {
                            g.add(spec(plan, t, p, w, rate[0], rate[1], fork, budgetUs));
                        }
                        groups.add(g);
                    }
                }
                out.addAll(Stats.interleave(groups));
            }
        }
        return out;
    }

    /** The load the decision table ranks at: the middle of the common loads (quick: 50 % of the slowest sustainable rate). */
    static String rankingLoad(Profile profile) {
        List<Integer> loads = profile.commonLoadPercents;
        return loads.isEmpty() ? "" : loads.get(loads.size() / 2).toString();
    }

    /** Quick: park only (plus Flow's own hand-off), the wait every transport has; else the pipeline's waits. */
    static List<Wait> defaultWaits(SweepPlan plan) {
        return plan.profile() == Profile.QUICK ? List.of(Wait.PARK) : PipelineSuite.defaultWaits(plan);
    }

    private TrialSpec spec(SweepPlan plan, Transport t, int p, Wait w, String basis, String pct, int fork, double budgetUs) {
        TrialProperties.Builder config = TrialProperties.builder();
        LatencyConfig.CODEC.write(new LatencyConfig(t.id(), p, w.id(), plan.work(), basis, pct,
                plan.rate() > 0 ? plan.rate() : null), config);
        TrialProperties.Builder sizing = plan.sizing(fork);
        sizing.put("warmup_ms", Integer.toString(plan.profile().latencyWarmupMs));
        sizing.put("measure_ms", Integer.toString(plan.profile().latencyMeasureMs));
        sizing.put("budget_us", Cells.format(budgetUs));
        sizing.put("idle", Boolean.toString(!SUSTAINABLE.equals(basis) && (pct.isEmpty() || pct.equals(rankingLoad(plan.profile())))));
        sizing.putAll(SustainableProbe.sizing(plan.profile()));
        return new TrialSpec(name(), config, sizing);
    }

    /** Its stages and consumers come from the trial's {@code TrialThreads}, which makes them virtual under --threads virtual. */
    @Override
    public boolean virtualThreads() {
        return true;
    }

    @Override
    public int threads(TrialSpec spec) {
        return LatencyConfig.of(spec.config()).producers() + Pipeline.STAGES;
    }

    /**
     * JVM start, then: a search ≈ 9 probes of START_DELAY + warm-up (half its cap, typically) + window + drain; a latency
     * row: the idle window where measured, a warm-up of about half its cap, the window, the drain.
     */
    @Override
    public double estimateSeconds(TrialSpec spec) {
        if (LatencyConfig.of(spec.config()).search()) {
            double probe = (20 + spec.getLong("probe_warmup_ms") / 2.0 + spec.getLong("probe_measure_ms") + 50) / 1000.0;
            return 2.0 + 9 * probe + 10 * (spec.getLong("probe_measure_ms") + 5) / 1000.0; // + GeneratorCeiling
        }
        boolean idle = Boolean.parseBoolean(spec.get("idle", "true"));
        return 2.0 + ((idle ? IdleRun.WINDOW_MS : 0) + 20 + spec.getLong("warmup_ms") / 2.0 + spec.getLong("measure_ms") + 100) / 1000.0;
    }

    @Override
    public TrialProperties run(TrialSpec spec, TrialContext ctx) throws Exception {
        LatencyConfig c = LatencyConfig.of(spec.config());
        Transport t = FaultInjection.wrap(Transports.get(c.transport()), ctx);
        OpenLoopRun.Config base = new OpenLoopRun.Config(t, c.producers(), Wait.parse(c.waitStrategy()),
                c.work(), spec.getInt("capacity"), 1, Duration.ofMillis(spec.getLong("warmup_ms")),
                Duration.ofMillis(spec.getLong("measure_ms")), ctx.threads());
        if (c.search()) {
            OpenLoopRun.Config probe = base.sized(Duration.ofMillis(spec.getLong("probe_warmup_ms")),
                    Duration.ofMillis(spec.getLong("probe_measure_ms")));
            return LatencyResult.CODEC.properties(SustainableProbe.run(probe, spec.getLong("probe_interval_ms") * 1_000_000,
                    Double.parseDouble(spec.get("budget_us", Cells.format(SustainableProbe.DEFAULT_BUDGET_US)))));
        }
        IdleRun.Result idle = null;
        if (Boolean.parseBoolean(spec.get("idle", "true"))) {
            idle = IdleRun.measure(t, c, spec.getInt("capacity"), ctx, IdleRun.WINDOW_MS);
            if (!idle.status().isOk()) {
                return LatencyResult.CODEC.properties(LatencyResult.ended(idle.status(), null));
            }
        }
        double rate;
        if (c.rate() != null) {
            rate = c.rate();
        } else {
            // common: one rate for every transport and runtime; own: this configuration's on its own runtime
            Optional<MeasuredRate> sustainable = new MeasuredRates(new RunFolder(ctx.runDir()), this)
                    .of(COMMON.equals(c.rateBasis()) ? SustainableRate.SLOWEST : SustainableRate.OWN, spec);
            if (sustainable.isEmpty()) {
                return LatencyResult.CODEC.properties(LatencyResult.ended(Status.skipped(
                        "no sustainable open-loop rate measured for this configuration in this run (pass --rate)"), null));
            }
            rate = sustainable.get().eps() * c.load() / 100.0;
        }
        OpenLoopRun.Config config = base.atRate(rate);
        OpenLoopRun.Result r;
        ResourceMeter.Usage usage;
        TailProbe tails = TailProbe.forTrial(ctx.runDir(), spec.key(), ctx.threads().activity());
        WindowProfile profile = WindowProfile.forTrial(spec.get(SweepPlan.PROFILER.name(), Profiling.NONE), ctx.runDir(), spec.key());
        try (ResourceMeter meter = new ResourceMeter(ctx.threads())) {
            meter.begin(); // the whole run: warm-up included, normalised by every event sent
            r = OpenLoopRun.run(config, OpenLoopRun.STEADY_INTERVAL_NS, tails, profile);
            usage = meter.end();
        }
        profile.stop(); // where the run ended before its window did
        TrialProperties.Builder out = TrialProperties.builder().putAll(profile.write());
        if (!r.ok()) {
            LatencyResult.CODEC.write(LatencyResult.ended(Status.failed(r.failure()), rate), out);
            return out.build();
        }
        if (r.measured() == 0) {
            LatencyResult.CODEC.write(LatencyResult.ended(Status.failed("no event was due in the measurement window"), rate), out);
            return out.build();
        }
        LatencyResult.Window window = new LatencyResult.Window(idle == null ? Double.NaN : idle.idleCpus(), r.achievedEps(),
                r.endToEnd().getTotalCount(), r.peakBacklog(), config.bound(), r.saturated(), r.warmupNs() / 1e6,
                r.steadiness(), r.backlogGrowthEps(), usage.perUnit(r.sent()), r.endToEnd(), r.publishCall(),
                IntervalLog.write(ctx.runDir(), spec.key(), List.of(r.intervals())), r.publishToParse(), r.parseToEnrich(),
                r.enrichToAggregate());
        LatencyResult.CODEC.write(new LatencyResult(Status.ok(), rate, r.pacer().id(), null, window), out);
        out.putAll(tails.write());
        return out.build();
    }


    /** Its typed rows ({@link LatencyRows#fold}) written by {@link LatencyCsv#LATENCY}. */
    @Override
    public String csv(List<TrialProperties> trials, Path runDir) {
        return LatencyCsv.LATENCY.render(LatencyRows.fold(trials, runDir));
    }
}
