package handoff.harness.pipeline;

import handoff.harness.trial.JmhSuite;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The hand-rolled Disruptor against LMAX Disruptor 4 in identical configurations (JMH
 * {@code DisruptorVsLmax}): 1P→1C, 3P→1C and a 1P→3-stage pipeline.
 */
public final class DisruptorSuite extends JmhSuite {
    static final int MIN_FORKS = 3;
    /** Row name → benchmark method. */
    static final Map<String, String> BENCHMARKS = new LinkedHashMap<>();
    /** Row name → threads it runs (producers + consumers). */
    static final Map<String, Integer> THREADS = new LinkedHashMap<>();

    static {
        BENCHMARKS.put("unicast_1p1c", "oneToOne");
        BENCHMARKS.put("sequencer_3p1c", "threeToOne");
        BENCHMARKS.put("pipeline_1p3c", "oneToThreePipeline");
        THREADS.put("unicast_1p1c", 2);
        THREADS.put("sequencer_3p1c", 4);
        THREADS.put("pipeline_1p3c", 4);
    }

    @Override
    public String name() {
        return "disruptor";
    }

    @Override
    public String csvFile() {
        return "disruptor.csv";
    }

    @Override
    public List<String> columns() {
        return java.util.stream.Stream.of(List.of("benchmark", "impl", "wait", "score", "score_err", "score_min", "score_max", "unit",
                "alloc_bytes_per_op", "cpu_ns_per_op"), handoff.harness.trial.JmhExtras.PERF_COLUMNS,
                List.of("status", "oversubscribed", "unstable", "threads", "cpus")).flatMap(List::stream).toList();
    }

    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        List<Wait> waits = plan.waits().isEmpty()
                ? (plan.profile() == Profile.SMOKE ? List.of(Wait.PARK) : List.of(Wait.SPIN, Wait.PARK))
                : plan.waits();
        List<TrialSpec> out = new ArrayList<>();
        for (String b : BENCHMARKS.keySet()) {
            for (Wait w : waits) {
                for (String impl : List.of("disruptor", "lmax")) {
                    out.add(new TrialSpec(name(), config("benchmark", b, "impl", impl, "wait", w.id()), sizing(plan)));
                }
            }
        }
        return out;
    }

    /**
     * At least {@value #MIN_FORKS} JMH forks outside smoke: the ratio to LMAX is this suite's acceptance
     * figure, and with one fork on a shared box its error is as large as the score.
     */
    static Map<String, String> sizing(SweepPlan plan) {
        Map<String, String> s = PipelineSuite.sizing(plan);
        int forks = plan.profile() == Profile.SMOKE ? plan.forks() : Math.max(plan.forks(), MIN_FORKS);
        s.put("jmh_forks", Integer.toString(forks));
        return s;
    }

    @Override
    public int threads(TrialSpec spec) {
        return THREADS.get(spec.get("benchmark"));
    }

    @Override
    protected String benchmark(TrialSpec spec) {
        return "handoff.harness.jmh.DisruptorVsLmax." + BENCHMARKS.get(spec.get("benchmark"));
    }

    @Override
    protected Map<String, String> params(TrialSpec spec) {
        // the benchmark's own ring size (64 Ki, as in LMAX's performance tests), the same for both
        return config("impl", spec.get("impl"), "wait", spec.get("wait"));
    }

    @Override
    protected Map<String, Function<Map<String, String>, String>> measures() {
        Map<String, Function<Map<String, String>, String>> m = new LinkedHashMap<>();
        for (String k : List.of("score", "score_err", "score_min", "score_max", "unit", "alloc_bytes_per_op", "cpu_ns_per_op")) {
            m.put(k, t -> t.get(k));
        }
        return m;
    }
}
