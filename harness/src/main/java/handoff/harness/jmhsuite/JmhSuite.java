package handoff.harness.jmhsuite;

import handoff.harness.meters.WhyMetrics;
import handoff.harness.results.TransportTraits;
import handoff.harness.results.TrialProperties;
import handoff.harness.stats.Stats;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Profile;
import handoff.harness.trial.Status;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Base of the suites measured with JMH: one trial = one JMH invocation of one configuration (JMH forks
 * the measuring JVMs itself, so spread over forks comes from JMH's per-fork scores). Subclasses plan
 * the configurations and say how JMH's result maps onto their CSV columns.
 */
public abstract class JmhSuite implements Suite {
    /** Numeric columns every JMH fork reports beside its score, folded as medians over forks. */
    static final List<String> PER_FORK_MEDIANS = Stream.concat(WhyMetrics.COLUMNS.stream(),
            JmhResult.Perf.CODEC.keys().stream()).toList();
    /** {@code Class.method} of the benchmark for a trial. */
    protected abstract String benchmark(TrialSpec spec);

    /** The benchmark's @Param values for a trial. */
    protected abstract TrialProperties params(TrialSpec spec);

    /**
     * No longer read: a suite folds with {@link #fold} and its own {@link JmhMeasure}s. Kept for the disruptor suite,
     * which overrides it (with none) and folds its own rows.
     */
    protected Map<String, Function<TrialProperties, String>> measures() {
        return Map.of();
    }

    /** JVM start, JMH host, per fork: warm-up and measurement, plus set-up. */
    @Override
    public double estimateSeconds(TrialSpec spec) {
        Profile p = Profile.parse(spec.get("profile"));
        double perFork = 1.5 + Integer.parseInt(spec.get("jmh_wi", Integer.toString(p.jmhWarmupIterations))) * seconds(spec.get("jmh_w", p.jmhWarmupTime))
                + Integer.parseInt(spec.get("jmh_i", Integer.toString(p.jmhIterations))) * seconds(spec.get("jmh_r", p.jmhIterationTime));
        return 1.5 + Integer.parseInt(spec.get("jmh_forks", Integer.toString(p.forks))) * perFork;
    }

    /** The trial JVM only hosts JMH; the forks it starts get the measuring heap ({@link JmhRunner}). */
    @Override
    public List<String> jvmArgs(TrialSpec spec) {
        return List.of("-Xmx256m");
    }

    @Override
    public TrialProperties run(TrialSpec spec, TrialContext context) throws Exception {
        return JmhRunner.run(spec, context, benchmark(spec), params(spec), false);
    }

    /**
     * Typed rows for suites that run one JMH fork per trial (forks interleaved by the sweep): each trial parsed once
     * ({@link JmhFork#read}), grouped by configuration in the order each first appears. A row is ok when every fork
     * is; then every measure is the median over the forks that have it, the primary one also with its interval
     * ({@link Stats}) and its level, its spread over forks (min, max) and its per-fork values; {@code unstable} is
     * unknown with one fork, else whether the forks disagree by more than {@link Forks#UNSTABLE_RATIO}; each of
     * {@link #PER_FORK_MEDIANS} the first fork has is the median over forks; and the warm-up check ({@link WarmTrend})
     * runs over the forks' measured iterations.
     *
     * @param config   the suite's configuration of a trial (read once per fork)
     * @param measures the suite's measures, the primary among them
     * @param idle     whether the row's idle policy is asked ({@link TransportTraits#idlePolicy}); else it is empty
     */
    protected static <C extends JmhConfig> List<JmhRow<C>> fold(List<TrialProperties> trials,
                                                               Function<TrialProperties, C> config,
                                                               List<JmhMeasure<C>> measures, String primary, boolean idle) {
        Map<String, List<JmhFork<C>>> groups = new LinkedHashMap<>();
        for (TrialProperties t : trials) {
            JmhFork<C> f = JmhFork.read(t, config, measures);
            groups.computeIfAbsent(f.configKey(), k -> new ArrayList<>()).add(f);
        }
        int p = JmhMeasure.indexOf(measures, primary);
        List<JmhRow<C>> rows = new ArrayList<>();
        for (List<JmhFork<C>> forks : groups.values()) {
            JmhFork<C> first = forks.get(0);
            Status status = forks.stream().map(JmhFork::status).filter(s -> !s.isOk()).findFirst().orElse(Status.ok());
            String idlePolicy = idle ? TransportTraits.idlePolicy(first.transport(), first.waitStrategy()) : "";
            rows.add(new JmhRow<>(measures, first, status, forks.size(), forks.stream().anyMatch(JmhFork::oversubscribed),
                    idlePolicy, status.isOk() ? figures(forks, p) : null));
        }
        return rows;
    }

    private static <C extends JmhConfig> JmhRow.Figures figures(List<JmhFork<C>> forks, int primary) {
        JmhFork<C> first = forks.get(0);
        double[] medians = new double[first.measures().length];
        for (int m = 0; m < medians.length; m++) {
            int i = m;
            double[] xs = forks.stream().mapToDouble(f -> f.measures()[i]).filter(d -> !Double.isNaN(d)).toArray();
            medians[m] = xs.length == 0 ? Double.NaN : Stats.median(xs);
        }
        Double[] perForkMedians = new Double[PER_FORK_MEDIANS.size()];
        for (int k = 0; k < perForkMedians.length; k++) {
            int i = k;
            perForkMedians[k] = first.perFork()[k] == null ? null
                    : Stats.median(forks.stream().mapToDouble(f -> f.perFork()[i] == null ? Double.NaN : f.perFork()[i]).toArray());
        }
        double[] values = forks.stream().mapToDouble(f -> f.measures()[primary]).toArray();
        double least = Arrays.stream(values).min().orElse(Double.NaN);
        double most = Arrays.stream(values).max().orElse(Double.NaN);
        List<double[]> series = new ArrayList<>();
        forks.forEach(f -> series.addAll(f.iterations()));
        return new JmhRow.Figures(medians, primary, Stats.medianInterval(values), values, least, most,
                values.length < 2 ? null : least > 0 && most / least > Forks.UNSTABLE_RATIO, perForkMedians,
                WarmTrend.test(series, first.higherIsBetter()));
    }

    /** One JMH fork per trial, and the profile's forks as interleaved trials ({@link Stats#interleave}). */
    protected static TrialProperties.Builder oneForkSizing(SweepPlan plan, int fork) {
        TrialProperties.Builder s = plan.sizing(fork);
        s.put("jmh_forks", "1");
        if (plan.profile() == Profile.QUICK) { // 3 forks of many configurations: keep each short
            // 2 warm-up iterations (was 1: in 41 of 60 quick forks the 2nd measured iteration beat the 1st) and 3
            // measured, so that the warm-up check (WarmTrend) can reach its level over 3 forks (min p 1/216; with 2
            // iterations it is 1/8 and could never flag): 1 s more per fork
            s.put("jmh_wi", "2");
            s.put("jmh_w", "500ms");
            s.put("jmh_i", "3");
            s.put("jmh_r", "500ms");
        }
        return s;
    }

    /** Every configuration's forks, round-robin across configurations. */
    protected static List<TrialSpec> interleavedForks(SweepPlan plan, List<TrialSpec> configs) {
        int forks = plan.forks(plan.profile().rankingForks());
        List<List<TrialSpec>> groups = new ArrayList<>();
        for (TrialSpec c : configs) {
            List<TrialSpec> g = new ArrayList<>();
            for (int f = 0; f < forks; f++) {
                g.add(new TrialSpec(c.suite(), c.config(), c.sizing().toBuilder().putAll(oneForkSizing(plan, f).build()).build()));
            }
            groups.add(g);
        }
        return Stats.interleave(groups);
    }

    protected static TrialProperties.Builder config(Object... kv) {
        TrialProperties.Builder m = TrialProperties.builder();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], String.valueOf(kv[i + 1]));
        }
        return m;
    }

    private static double seconds(String jmhTime) {
        String t = jmhTime.trim();
        if (t.endsWith("ms")) {
            return Double.parseDouble(t.substring(0, t.length() - 2)) / 1000;
        }
        if (t.endsWith("s")) {
            return Double.parseDouble(t.substring(0, t.length() - 1));
        }
        return 1;
    }
}
