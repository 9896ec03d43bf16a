package handoff.harness.pipeline;

import handoff.harness.jmhsuite.JmhResult;
import handoff.harness.jmhsuite.JmhRow;
import handoff.harness.jmhsuite.JmhSuite;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Schema;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.PlannedComparisons;
import handoff.harness.trial.Profile;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.harness.trial.Workers;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Saturation throughput of the three-stage pipeline (JMH {@code PipelineThroughput}): transports × P ×
 * wait × workers per stage.
 */
public final class PipelineSuite extends JmhSuite {
    /** Its name in {@code --suites} and the prefix of its trial keys. */
    public static final String NAME = "pipeline";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String csvFile() {
        return "pipeline.csv";
    }

    @Override
    public Schema schema() {
        return Schema.of(PipelineCsv.TABLE.schema());
    }


    /**
     * Waits swept by default. Full: all four. Quick: spin (skipped as oversubscribed where the pipeline's threads
     * outnumber the CPUs), park and block: the two that still mean something on a small box. Smoke: park.
     */
    public static List<Wait> defaultWaits(SweepPlan plan) {
        return switch (plan.profile()) {
            case SMOKE -> List.of(Wait.PARK);
            case QUICK -> List.of(Wait.SPIN, Wait.PARK, Wait.BLOCK);
            case FULL -> List.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK);
        };
    }

    /**
     * The planned transports, plus {@code lmax-ours} (LMAX's ring with our idle policy) wherever {@code lmax} runs:
     * {@code lmax/park} is LMAX's SleepingWaitStrategy and {@code lmax/block} busy-spins on upstream stages, so the
     * decision table's like-for-like pair for {@code disruptor/park} and {@code disruptor/block} is {@code lmax-ours};
     * and {@code disruptor-noslip} (ours with temporal slipping off) wherever {@code disruptor} runs: {@code lmax-ours}
     * against it is the ring alone, {@code disruptor} against it the slip alone.
     */
    static List<Transport> withLikeForLike(List<Transport> planned) {
        List<Transport> out = new ArrayList<>(planned);
        addBeside(out, planned, "lmax", handoff.queues.adapters.LmaxTransport.OURS_ID);
        addBeside(out, planned, "disruptor", handoff.queues.adapters.DisruptorTransport.NO_SLIP_ID);
        return out;
    }

    /**
     * The waits a control runs here: its own, but for {@code disruptor-noslip} only those of {@code lmax-ours}
     * ({@code park}, {@code block}), the waits whose ring-only pair the decision table shows.
     */
    static Set<Wait> controlWaits(Transport t) {
        return t.id().equals(handoff.queues.adapters.DisruptorTransport.NO_SLIP_ID)
                ? handoff.queues.Transports.get(handoff.queues.adapters.LmaxTransport.OURS_ID).waits() : t.waits();
    }

    /** Adds control {@code control} when {@code partner} is planned and the control is not. */
    private static void addBeside(List<Transport> out, List<Transport> planned, String partner, String control) {
        boolean has = planned.stream().anyMatch(t -> t.id().equals(partner));
        boolean named = planned.stream().anyMatch(t -> t.id().equals(control));
        if (has && !named) {
            out.add(handoff.queues.Transports.get(control));
        }
    }

    /**
     * Each configuration's forks are separate one-fork trials, interleaved across configurations; each transport and
     * wait in the consumer modes and bufferings of {@link PipelineAxes}.
     */
    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        List<TrialSpec> configs = new ArrayList<>();
        List<Wait> waits = plan.waits().isEmpty() ? defaultWaits(plan) : plan.waits();
        for (Transport t : withLikeForLike(plan.transportsOr(true))) {
            for (Workers k : plan.workersOr()) {
                for (int p : plan.producersOr()) {
                    for (Wait w : plan.waitsFor(t, waits)) {
                        if (t.control() && !controlWaits(t).contains(w)) {
                            continue; // a control runs only the waits it is the control for: no n/a rows
                        }
                        List<PipelineAxes.Variant> variants = PipelineAxes.variants(plan, t, w);
                        for (int i = 0; i < variants.size(); i++) {
                            PipelineAxes.Variant v = variants.get(i);
                            TrialProperties.Builder sizing = plan.sizing(0);
                            if (i > 0) {
                                sizing.put(PipelineAxes.VARIANT, "true"); // a row of VARIANTS_FILE, not of pipeline.csv
                            }
                            TrialProperties.Builder config = TrialProperties.builder();
                            PipelineConfig.CODEC.write(new PipelineConfig(t.id(), p, w.id(), Integer.toString(plan.work()),
                                    k.id(), v.consume().id(), v.buffering().id()), config);
                            configs.add(new TrialSpec(name(), config, sizing));
                        }
                    }
                }
            }
        }
        return interleavedForks(plan, configs);
    }

    /**
     * Every pair of rows of a saturation table (the same producers, work, workers per stage and runtime: the decision
     * table's rows), unpaired, on each fork's throughput: a declared table, to which the sweep gives the further rounds
     * its budget leaves room for, fixed before the first trial.
     */
    @Override
    public PlannedComparisons judged(SweepPlan plan, List<TrialSpec> planned) {
        return PlannedComparisons.allPairs(planned.stream().filter(t -> !"true".equals(t.get(PipelineAxes.VARIANT, ""))).toList(),
                t -> {
                    PipelineConfig c = PipelineConfig.of(t.config());
                    return new DecisionTable(c.producers(), c.work(), c.workers(), c.consume(), c.buffering(),
                            RuntimeCells.of(t.config())).toString();
                }, t -> {
                    JmhResult r = JmhResult.of(t);
                    return r.measured() == null ? Double.NaN : r.measured().score();
                });
    }

    /** What the rows of one decision table share: all of a configuration but its transport and wait. */
    private record DecisionTable(Integer producers, String work, String workers, String consume, String buffering,
                                 RuntimeCells runtime) {
    }

    /**
     * The rows of {@code pipeline.csv}: each transport and wait in its first consumer mode with per-hop buffers; the
     * other modes and the equal-total-buffering rows ({@link PipelineAxes}) go, folded the same way, to
     * {@value PipelineAxes#VARIANTS_FILE} (written here, from {@link PipelineCsv#VARIANTS}), so that every reader of
     * {@code pipeline.csv} keeps one row per transport × producers × wait × work × workers.
     */
    List<PipelineRow> typedRows(List<TrialProperties> trials, Path runDir) {
        List<TrialProperties> main = trials.stream().filter(t -> !"true".equals(t.get(PipelineAxes.VARIANT))).toList();
        List<TrialProperties> variants = trials.stream().filter(t -> "true".equals(t.get(PipelineAxes.VARIANT))).toList();
        if (!variants.isEmpty()) {
            AtomicFiles.write(runDir.resolve(PipelineAxes.VARIANTS_FILE),
                    PipelineCsv.VARIANTS.render(fold(variants)));
        }
        return fold(main);
    }

    /** {@code pipeline.csv}'s text, written through its column table (which writes the variants file too). */
    @Override
    public String csv(List<TrialProperties> trials, Path runDir) {
        return PipelineCsv.TABLE.render(typedRows(trials, runDir));
    }

    /** The forks folded ({@link #fold}), each row with the events its buffers hold at the first trial's capacity. */
    private static List<PipelineRow> fold(List<TrialProperties> trials) {
        List<JmhRow<PipelineRow.Config>> rows = fold(trials, PipelineRow.Config::of, PipelineCsv.MEASURES, PipelineCsv.PRIMARY, true);
        String capacity = rows.isEmpty() ? "" : rows.get(0).config().capacity();
        List<PipelineRow> out = new ArrayList<>();
        for (JmhRow<PipelineRow.Config> r : rows) {
            String held = PipelineAxes.bufferEvents(r.first().transport(), capacity == null ? "" : capacity, r.config().buffering());
            out.add(new PipelineRow(r, held.isEmpty() ? null : Long.valueOf(held)));
        }
        return out;
    }

    /** The JMH run, then the hand-off counts its result file holds ({@link CountsResult}). */
    @Override
    public TrialProperties run(TrialSpec spec, TrialContext context) throws Exception {
        TrialProperties out = super.run(spec, context);
        JmhResult r = JmhResult.of(out);
        if (r.status().isOk() && r.measured() != null && r.measured().jmhJson() != null) {
            TrialProperties.Builder with = out.toBuilder();
            HandoffRatios.CODEC.write(CountsResult.read(context.runDir().resolve(r.measured().jmhJson())), with);
            return with.build();
        }
        return out;
    }

    /** Sizing of a suite that still runs all its forks inside one JMH invocation. */
    static TrialProperties.Builder sizing(SweepPlan plan) {
        TrialProperties.Builder s = plan.sizing(0);
        s.put("jmh_forks", Integer.toString(plan.forks()));
        return s;
    }

    @Override
    public boolean virtualThreads() {
        return true;
    }

    @Override
    public int threads(TrialSpec spec) {
        // + the JMH thread that waits for each batch
        PipelineConfig c = PipelineConfig.of(spec.config());
        return c.producers() + Workers.parse(c.workers()).threads() + 1;
    }

    @Override
    protected String benchmark(TrialSpec spec) {
        return "handoff.harness.pipeline.PipelineThroughput";
    }

    @Override
    protected TrialProperties params(TrialSpec spec) {
        PipelineConfig c = PipelineConfig.of(spec.config());
        return config("transport", c.transport(), "producers", c.producers(), "wait", c.waitStrategy(), "work", c.work(),
                "workers", c.workers(), "capacity", spec.get(SweepPlan.CAPACITY.name()),
                "consume", c.consume() == null ? "one" : c.consume(),
                "buffering", c.buffering() == null ? "per-hop" : c.buffering()).build();
    }
}
