package handoff.harness.pipeline;

import handoff.harness.trial.Forks;
import handoff.harness.trial.JmhSuite;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.harness.trial.Workers;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Saturation throughput of the three-stage pipeline (JMH {@code PipelineThroughput}): transports × P ×
 * wait × workers per stage.
 */
public final class PipelineSuite extends JmhSuite {
    @Override
    public String name() {
        return "pipeline";
    }

    @Override
    public String csvFile() {
        return "pipeline.csv";
    }

    @Override
    public List<String> columns() {
        return java.util.stream.Stream.of(List.of("transport", "producers", "wait", "work", "workers", "throughput_eps", "throughput_err",
                "throughput_min_eps", "throughput_max_eps", "alloc_bytes_per_event", "gc_count", "gc_time_ms",
                "cpu_ns_per_event"), handoff.harness.trial.WhyMetrics.COLUMNS, handoff.harness.trial.JmhExtras.PERF_COLUMNS,
                List.of("status", "oversubscribed", "unstable", "threads", "cpus")).flatMap(List::stream).toList();
    }

    /** Waits swept by default: every one on a full run; those that cannot busy-wait past the CPUs otherwise. */
    static List<Wait> defaultWaits(SweepPlan plan) {
        return plan.profile() == Profile.SMOKE ? List.of(Wait.PARK) : List.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK);
    }

    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        List<TrialSpec> out = new ArrayList<>();
        List<Wait> waits = plan.waits().isEmpty() ? defaultWaits(plan) : plan.waits();
        for (Transport t : plan.transportsOr(true)) {
            for (Workers k : plan.workersOr()) {
                for (int p : plan.producersOr()) {
                    for (Wait w : plan.waitsFor(t, waits)) {
                        out.add(new TrialSpec(name(), config("transport", t.id(), "producers", p, "wait", w.id(),
                                "work", plan.work(), "workers", k.id()), sizing(plan)));
                    }
                }
            }
        }
        return out;
    }

    static Map<String, String> sizing(SweepPlan plan) {
        Map<String, String> s = plan.sizing(0);
        s.put("jmh_forks", Integer.toString(plan.forks()));
        return s;
    }

    @Override
    public int threads(TrialSpec spec) {
        // + the JMH thread that waits for each batch
        return spec.getInt("producers") + Workers.parse(spec.get("workers")).threads() + 1;
    }

    @Override
    protected String benchmark(TrialSpec spec) {
        return "handoff.harness.jmh.PipelineThroughput";
    }

    @Override
    protected Map<String, String> params(TrialSpec spec) {
        return config("transport", spec.get("transport"), "producers", spec.get("producers"), "wait", spec.get("wait"),
                "work", spec.get("work"), "workers", spec.get("workers"), "capacity", spec.get("capacity"));
    }

    @Override
    protected Map<String, Function<Map<String, String>, String>> measures() {
        Map<String, Function<Map<String, String>, String>> m = new LinkedHashMap<>();
        m.put("throughput_eps", t -> t.get("score"));
        m.put("throughput_err", t -> t.get("score_err"));
        m.put("throughput_min_eps", t -> t.get("score_min"));
        m.put("throughput_max_eps", t -> t.get("score_max"));
        m.put("alloc_bytes_per_event", t -> t.get("alloc_bytes_per_op"));
        m.put("gc_count", t -> t.get("gc_count"));
        m.put("gc_time_ms", t -> t.get("gc_time_ms"));
        m.put("cpu_ns_per_event", t -> t.get("cpu_ns_per_op"));
        return m;
    }

    /**
     * The measured saturation throughput of a configuration in a run folder, for the latency suite (which
     * runs one worker per stage).
     */
    static double saturation(List<Map<String, String>> pipelineTrials, String transport, String producers, String wait, String work) {
        for (Map<String, String> t : pipelineTrials) {
            if (transport.equals(t.get("transport")) && producers.equals(t.get("producers")) && wait.equals(t.get("wait"))
                    && work.equals(t.get("work")) && Workers.ONE.id().equals(t.getOrDefault("workers", "1"))
                    && "ok".equals(t.get("status"))) {
                return Forks.num(t, "score");
            }
        }
        return Double.NaN;
    }
}
