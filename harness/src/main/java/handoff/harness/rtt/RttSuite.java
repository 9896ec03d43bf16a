package handoff.harness.rtt;

import handoff.harness.meters.TailProbe;
import handoff.harness.meters.WindowProfile;
import handoff.harness.results.IntervalLog;
import handoff.harness.results.Schema;
import handoff.harness.results.TrialProperties;
import handoff.harness.runtime.JvmOptions;
import handoff.harness.runtime.Profiling;
import handoff.harness.stats.Stats;
import handoff.harness.trial.FaultInjection;
import handoff.harness.trial.PlannedComparisons;
import handoff.harness.trial.Profile;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.queues.ProducerModel;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The RTT suite: transports × producers × bursts × waits (× producer model for rings at P = 1), plus the
 * clock-overhead row. A row's mean and percentiles weight every fork equally: each is computed per fork and the
 * row holds the median over forks ({@link RttRows#fold}; the per-fork p50s and p99s are in
 * {@code p50_ns_forks}/{@code p99_ns_forks}); the merged histogram of all samples stays as the {@code hgrm}
 * artefact only (in a closed loop a fast fork records more samples and would outweigh the others).
 * {@code p50_fork_median_ns} (= {@code p50_ns}) has a distribution-free interval ({@code p50_lo_ns}..{@code p50_hi_ns},
 * coverage {@code interval_level}); {@code bimodal} says whether the forks' p50s fall into two clusters (both
 * centres given), or {@code untestable} with fewer forks than that test needs. Its rows are typed ({@link RttRow},
 * each fork's trial parsed once: {@link RttTrial}) and written from the file's column table ({@link RttCsv#TABLE}).
 */
public final class RttSuite implements Suite {
    /** Pseudo-transport of the timing-overhead row. */
    public static final String CLOCK = "nanotime";

    @Override
    public String name() {
        return "rtt";
    }

    @Override
    public String csvFile() {
        return "rtt.csv";
    }

    /** The registry's view of rtt.csv, from its column table ({@link RttCsv#schema}). */
    @Override
    public Schema schema() {
        return Schema.of(RttCsv.schema());
    }


    /**
     * Every configuration's forks, interleaved: fork 0 of every configuration, then fork 1 of every one, and so
     * on, so that a drift of the box over the minutes of a run lands on all transports alike. Rings run at
     * P = 1 once per producer model (sp and mp), so that the published multi-producer Disruptor rows have
     * their like.
     */
    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        List<Wait> waits = plan.waits().isEmpty()
                ? (plan.profile() == Profile.FULL ? List.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK)
                : plan.profile() == Profile.SMOKE ? List.of(Wait.SPIN) : List.of(Wait.SPIN, Wait.BLOCK))
                : plan.waits();
        List<Integer> bursts = plan.bursts().isEmpty() ? List.of(1, 100) : plan.bursts();
        // Many short JVMs even in quick: on a VM a JVM's RTT can land in a slow mode (seen here: p50 ~230 ns or
        // ~800 ns per JVM, for every transport alike); the forks' spread is what shows such a flip.
        int forks = plan.forks(plan.profile().rttForks);
        String messages = RttMessages.parse(plan.rttMessages()).id();
        List<List<TrialSpec>> configs = new ArrayList<>();
        configs.add(forks(plan, forks, CLOCK, 1, 1, "n/a", null, ""));
        for (Transport t : plan.transportsOr(false)) {
            for (int p : plan.producersOr()) {
                List<ProducerModel> models = t.producerModels(p).isEmpty()
                        ? Collections.singletonList(null) : t.producerModels(p);
                for (int b : bursts) {
                    for (Wait w : plan.waitsFor(t, ladder(plan, p, b, waits))) {
                        for (ProducerModel m : waits.contains(w) ? models : models.subList(0, 1)) {
                            configs.add(forks(plan, forks, t.id(), p, b, w.id(), m, messages));
                        }
                    }
                }
            }
        }
        configs.addAll(slipOff(plan, bursts, waits, forks, messages));
        return Stats.interleave(configs);
    }

    /**
     * {@code disruptor-noslip} beside {@code disruptor} wherever {@code disruptor} runs at one producer and it is not
     * named itself: one producer, single-producer claim, every burst, one wait ({@code spin} where the plan has it), so
     * that each burst has the slip's latency cost as a pair of rows ({@code disruptor} against it) at a few forks' cost.
     */
    static List<List<TrialSpec>> slipOff(SweepPlan plan, List<Integer> bursts, List<Wait> waits, int forks, String messages) {
        List<String> ids = plan.transportsOr(false).stream().map(Transport::id).toList();
        String noSlip = handoff.queues.adapters.DisruptorTransport.NO_SLIP_ID;
        if (!ids.contains("disruptor") || ids.contains(noSlip) || !plan.producersOr().contains(1) || waits.isEmpty()) {
            return List.of();
        }
        Wait w = waits.contains(Wait.SPIN) ? Wait.SPIN : waits.get(0);
        List<List<TrialSpec>> out = new ArrayList<>();
        for (int b : bursts) {
            out.add(forks(plan, forks, noSlip, 1, b, w.id(), ProducerModel.SINGLE, messages));
        }
        return out;
    }

    /**
     * The waits of one burst: the profile's, and at P = 1 in quick the whole wait ladder (spin, yield, park, block:
     * issue 31) at burst 1, so that every transport's price per rung is measured where the box runs it soundly (two
     * threads), and spin alone at burst 100 (the published burst tables' wait); the extra rungs run the first producer
     * model only. An explicit {@code --wait} is kept as given.
     */
    static List<Wait> ladder(SweepPlan plan, int producers, int burst, List<Wait> waits) {
        if (!plan.waits().isEmpty() || plan.profile() != Profile.QUICK || producers != 1) {
            return waits;
        }
        // burst 1 runs the whole ladder; burst 100 keeps to spin, the wait the published burst tables are set beside
        return burst == 1 ? List.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK) : List.of(Wait.SPIN);
    }

    private static List<TrialSpec> forks(SweepPlan plan, int forks, String transport, int p, int b, String wait,
                                         ProducerModel model, String messages) {
        List<TrialSpec> out = new ArrayList<>();
        for (int fork = 0; fork < forks; fork++) {
            out.add(spec(plan, fork, transport, p, b, wait, model, messages));
        }
        return out;
    }

    private static TrialSpec spec(SweepPlan plan, int fork, String transport, int p, int b, String wait,
                                  ProducerModel model, String messages) {
        TrialProperties.Builder config = TrialProperties.builder();
        RttConfig.CODEC.write(new RttConfig(transport, p, b, wait, model == null ? null : model.id(),
                messages.isEmpty() ? null : messages), config);
        TrialProperties.Builder sizing = plan.sizing(fork);
        sizing.put("warmup_ms", Integer.toString(plan.profile().rttWarmupMs));
        sizing.put("measure_ms", Integer.toString(plan.profile().rttMeasureMs));
        return new TrialSpec("rtt", config, sizing);
    }

    /** Few objects live on its heap: a smaller fixed heap starts each of its many short JVMs sooner. */
    @Override
    public List<String> jvmArgs(TrialSpec spec) {
        if (spec == null) { // the manifest's view of the suite's heap
            return JvmOptions.SMALL_HEAP;
        }
        List<String> args = new ArrayList<>(JvmOptions.SMALL_HEAP);
        args.addAll(PublishedSettings.flags(RttConfig.of(spec.config()).transport(), RuntimeCells.of(spec.config()).gc() != null));
        return args;
    }

    @Override
    public boolean virtualThreads() {
        return true;
    }

    @Override
    public int threads(TrialSpec spec) {
        // the null transport has no consumer thread: its producers run the handler themselves
        RttConfig c = RttConfig.of(spec.config());
        return c.clock() ? 1 : c.producers() + (handoff.queues.adapters.NullTransport.ID.equals(c.transport()) ? 0 : 1);
    }

    @Override
    public double estimateSeconds(TrialSpec spec) {
        return 1.0 + (spec.getLong("warmup_ms") + spec.getLong("measure_ms")) / 1000.0;
    }

    @Override
    public TrialProperties run(TrialSpec spec, TrialContext ctx) throws Exception {
        long warm = spec.getLong("warmup_ms") * 1_000_000;
        long measure = spec.getLong("measure_ms") * 1_000_000;
        RttConfig c = RttConfig.of(spec.config());
        if (c.clock()) {
            Histogram h = RttRun.clockOverhead(warm, measure);
            return RttResult.CODEC.properties(new RttResult(Status.ok(), null, h.getTotalCount(), null, h, null));
        }
        Transport t = FaultInjection.wrap(Transports.get(c.transport()), ctx);
        // into the trial's log in the run folder: how the transport was set up (e.g. Aeron's threading mode)
        System.out.println("transport " + t.id() + ": " + t.description());
        TailProbe tails = TailProbe.forTrial(ctx.runDir(), spec.key(), ctx.threads().activity());
        WindowProfile profile = WindowProfile.forTrial(spec.get(SweepPlan.PROFILER.name(), Profiling.NONE), ctx.runDir(), spec.key());
        RttRun.Result r = RttRun.run(t, c.producers(), c.burst(), Wait.parse(c.waitStrategy()),
                spec.getInt("capacity"), c.producerModel() == null ? null : ProducerModel.parse(c.producerModel()),
                RttMessages.parse(c.messages() == null ? RttMessages.POOLED.id() : c.messages()), warm, measure,
                FaultInjection.messagesToReach(ctx), ctx.threads(), IntervalLog.intervalNs(spec.get(IntervalLog.SIZING_KEY, "")), tails, profile);
        TrialProperties.Builder out = TrialProperties.builder().putAll(profile.write());
        if (r.failure() != null) {
            RttResult.CODEC.write(RttResult.failed(Status.failed(r.failure())), out);
        } else if (r.bursts() == 0) {
            RttResult.CODEC.write(RttResult.failed(Status.failed("no round trip completed in the measurement window")), out);
        } else {
            RttResult.CODEC.write(new RttResult(Status.ok(), PublishedSettings.ofThisJvm(), r.bursts(),
                    r.usage().perUnit(r.messages()), r.histogram(), IntervalLog.write(ctx.runDir(), spec.key(), r.intervals())), out);
            out.putAll(tails.write());
        }
        return out.build();
    }

    /**
     * Every pair of rows of a ranked table (one producer, one burst; the clock row measures no transport), unpaired, on
     * each fork's p50, as the report ranks them: a declared table, to which the sweep gives the further rounds its
     * budget leaves room for, fixed before the first trial.
     */
    @Override
    public PlannedComparisons judged(SweepPlan plan, List<TrialSpec> planned) {
        return PlannedComparisons.allPairs(planned, t -> {
            RttConfig c = RttConfig.of(t.config());
            return Integer.valueOf(1).equals(c.producers()) && !c.clock() ? "burst " + c.burst() : null;
        }, t -> {
            Histogram h = RttResult.CODEC.read(t).histogram();
            return h == null ? Double.NaN : h.getValueAtPercentile(50);
        });
    }


    /** Its typed rows ({@link RttRows#fold}) written by {@link RttCsv#TABLE}. */
    @Override
    public String csv(List<TrialProperties> trials, Path runDir) {
        return RttCsv.TABLE.render(RttRows.fold(trials, runDir));
    }
}
