package handoff.harness.pipeline;

import handoff.harness.results.TrialProperties;

import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.queues.Buffering;
import handoff.queues.Consume;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The pipeline suite's consumer-mode and buffering axes: which {@code (consume, buffering)} rows each transport and
 * wait gets. A transport runs a mode it lacks as its own ({@link Transport#consumeFor}: rings batch), never twice.
 * The first of a configuration's rows (its first mode, per-hop buffers) is its {@code pipeline.csv} row; the others
 * are written to {@value #VARIANTS_FILE}, so the report's readers of {@code pipeline.csv} still find one row per
 * configuration.
 *
 * <p>{@code consume}: {@code --consume}, else the profile's: smoke {@code one}; quick {@code one}, and {@code batch}
 * beside it for the queues (abq, lbq, clq, mtoca, jctools) at {@code park}, the row pair that shows what batching is
 * worth to a queue; full both at every wait.
 *
 * <p>{@code buffering}: every configuration runs {@code per-hop} (the study's rows: each hop holds {@code --capacity}).
 * Where that differs from {@code total} (a bounded transport with one buffer per hop: the queues and Flow; a ring
 * holds the same either way, an unbounded queue has no bound) a {@code total} row, with one event per poll, sits
 * beside it at {@code park} (Flow: {@code native}) in quick and at every wait in full, so the throughput table can
 * compare at equal total buffering ({@code buffer_events}): a ring of 1,024 slots beside three queues of 341.
 *
 * <p>Cost in quick on the 2-CPU reference box (one producer count): abq and mtoca at {@code park}, each once batched
 * and once at equal total buffering: 4 configurations × 3 forks more, 12 trials of about 5.5 s, about 1 min 5 s by
 * the suites' model; full runs every queue at every wait.
 */
public final class PipelineAxes {
    /** Where the rows beyond each configuration's first mode go (same columns as {@code pipeline.csv}). */
    public static final String VARIANTS_FILE = "pipeline-variants.csv";
    /** Sizing key marking a trial of {@link #VARIANTS_FILE}: not part of the configuration's identity. */
    static final String VARIANT = "variant";

    /** One row's consumer mode and buffering. */
    record Variant(Consume consume, Buffering buffering) {
    }

    private PipelineAxes() {
    }

    static List<Variant> variants(SweepPlan plan, Transport t, Wait w) {
        List<Variant> out = new ArrayList<>();
        List<Consume> asked = plan.consume().isEmpty() ? defaultConsume(plan.profile(), t, w) : plan.consume();
        for (Consume c : asked) {
            Variant v = new Variant(t.consumeFor(c), Buffering.PER_HOP);
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        if (totalRow(plan.profile(), t, w)) {
            out.add(new Variant(t.consumeFor(Consume.ONE), Buffering.TOTAL));
        }
        return out;
    }

    /** The queues quick gives a batched and an equal-buffering row: one JDK and one array queue from a library. */
    static final List<String> QUICK_VARIANTS = List.of("abq", "mtoca");

    static List<Consume> defaultConsume(Profile profile, Transport t, Wait w) {
        return switch (profile) {
            case SMOKE -> List.of(Consume.ONE);
            case QUICK -> w == Wait.PARK && QUICK_VARIANTS.contains(t.id()) && t.consumeModes().contains(Consume.BATCH)
                    ? List.of(Consume.ONE, Consume.BATCH) : List.of(Consume.ONE);
            case FULL -> List.of(Consume.ONE, Consume.BATCH);
        };
    }

    /** Whether {@code total} buffering differs for this transport, and the profile runs it at this wait. */
    static boolean totalRow(Profile profile, Transport t, Wait w) {
        if (t.preallocated() || !t.bounded()) {
            return false;
        }
        return switch (profile) {
            case SMOKE -> false;
            case QUICK -> w == Wait.PARK && QUICK_VARIANTS.contains(t.id());
            case FULL -> true;
        };
    }

    /**
     * Events the pipeline's buffers hold when full: one ring of {@code capacity} slots, or per hop what the transport
     * holds when asked for the row's hop capacity ({@link Transport#heldPerHop}), times the hops; empty when unknown
     * (an unbounded queue, or a transport it cannot ask).
     */
    static String bufferEvents(String transport, String capacity, String buffering) {
        try {
            Transport t = handoff.queues.Transports.get(transport);
            int cap = Integer.parseInt(capacity);
            if (t.preallocated()) {
                return Integer.toString(cap);
            }
            int hops = handoff.pipelines.Pipeline.STAGES;
            long held = t.heldPerHop(Buffering.parse(buffering == null || buffering.isEmpty() ? "per-hop" : buffering)
                    .hopCapacity(cap, hops));
            return held < 0 ? "" : Long.toString(held * hops);
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** Whether a pipeline trial is the study's default row of its transport: its own one-at-a-time mode, per-hop buffers. */
    static boolean defaultRow(TrialProperties trial) {
        PipelineConfig c = PipelineConfig.of(trial);
        String buffering = c.buffering() == null ? Buffering.PER_HOP.id() : c.buffering();
        String consume = c.consume();
        if (!Buffering.PER_HOP.id().equals(buffering)) {
            return false;
        }
        if (consume == null) {
            return true;
        }
        try {
            return handoff.queues.Transports.get(c.transport()).consumeFor(Consume.ONE).id().equals(consume);
        } catch (RuntimeException e) {
            return Consume.ONE.id().equals(consume);
        }
    }
}
