package handoff.harness.jmhsuite;

import handoff.harness.trial.Status;
import handoff.harness.meters.WhyMetrics;
import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Profile;
import handoff.harness.trial.Suite;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Base of the suites measured with JMH: one trial = one JMH invocation of one configuration (JMH forks
 * the measuring JVMs itself, so spread over forks comes from JMH's per-fork scores). Subclasses plan
 * the configurations and say how JMH's result maps onto their CSV columns.
 */
public abstract class JmhSuite implements Suite {
    /** Numeric columns every JMH fork reports beside its score, folded as medians over forks. */
    private static final List<String> PER_FORK_MEDIANS = java.util.stream.Stream.concat(WhyMetrics.COLUMNS.stream(),
            JmhExtras.PERF_COLUMNS.stream().filter(c -> !c.equals("perfnorm"))).toList();
    /** {@code Class.method} of the benchmark for a trial. */
    protected abstract String benchmark(TrialSpec spec);

    /** The benchmark's @Param values for a trial. */
    protected abstract Map<String, String> params(TrialSpec spec);

    /** CSV columns filled from JMH's result: column -> function of the trial's properties. */
    protected abstract Map<String, java.util.function.Function<Map<String, String>, String>> measures();

    /** JVM start, JMH host, per fork: warm-up and measurement, plus set-up. */
    @Override
    public double estimateSeconds(TrialSpec spec) {
        Profile p = Profile.parse(spec.get("profile"));
        double perFork = 1.5 + Integer.parseInt(spec.get("jmh_wi", Integer.toString(p.jmhWarmupIterations))) * seconds(spec.get("jmh_w", p.jmhWarmupTime))
                + Integer.parseInt(spec.get("jmh_i", Integer.toString(p.jmhIterations))) * seconds(spec.get("jmh_r", p.jmhIterationTime));
        return 1.5 + Integer.parseInt(spec.get("jmh_forks", Integer.toString(p.forks))) * perFork;
    }

    /** The trial JVM only hosts JMH; the forks it starts get the measuring heap ({@link JmhTrial}). */
    @Override
    public List<String> jvmArgs(TrialSpec spec) {
        return List.of("-Xmx256m");
    }

    @Override
    public Map<String, String> run(TrialSpec spec, TrialContext context) throws Exception {
        return JmhTrial.run(spec, context, benchmark(spec), params(spec), false);
    }

    @Override
    public List<Map<String, String>> rows(List<Map<String, String>> trials, Path runDir) {
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<Map<String, String>> forks : Forks.group(trials)) {
            Map<String, String> row = Forks.seed(forks, columns());
            putIdlePolicy(row, forks.get(0));
            Map<String, String> t = forks.get(0);
            if (Status.ok(row)) {
                measures().forEach((col, f) -> row.put(col, f.apply(t)));
                double lo = Cells.get(t, "score_min");
                double hi = Cells.get(t, "score_max");
                row.put("unstable", Boolean.toString(lo > 0 && hi / lo > Forks.UNSTABLE_RATIO));
                putWarm(row, forks);
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * Rows for suites that run one JMH fork per trial (forks interleaved by the sweep): every measure is the
     * median over the trials of a configuration; the primary one also gets its interval ({@link Stats}) in
     * {@code lo}/{@code hi} and {@code interval_level}, its spread over forks in {@code min}/{@code max}, its
     * per-fork values in {@code <primary>_forks} (a suite lists that column to keep it);
     * {@code unstable} is {@code unknown} with one fork, else
     * whether the forks disagree by more than {@link Forks#UNSTABLE_RATIO}.
     */
    protected List<Map<String, String>> foldForks(List<Map<String, String>> trials, String primary, String lo, String hi,
                                                  String min, String max) {
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<Map<String, String>> forks : Forks.group(trials)) {
            Map<String, String> row = Forks.seed(forks, columns());
            putIdlePolicy(row, forks.get(0));
            if (Status.ok(row)) {
                for (Map.Entry<String, java.util.function.Function<Map<String, String>, String>> m : measures().entrySet()) {
                    double[] xs = forks.stream().map(m.getValue()).mapToDouble(Cells::parse).filter(d -> !Double.isNaN(d)).toArray();
                    row.put(m.getKey(), xs.length == 0 ? "" : Cells.format(Stats.median(xs)));
                }
                // the why-metrics and hardware counters each fork measured: medians over forks too
                for (String k : PER_FORK_MEDIANS) {
                    if (row.containsKey(k) || forks.get(0).containsKey(k)) {
                        row.put(k, Forks.medianOf(forks, k));
                    }
                }
                double[] values = forks.stream().map(measures().get(primary)).mapToDouble(Cells::parse).toArray();
                Stats.Interval iv = Stats.medianInterval(values);
                row.put(primary, Cells.format(iv.centre()));
                row.put(primary + Forks.FORKS_SUFFIX, Forks.joined(values)); // for the report's tests between rows
                row.put(lo, Cells.format(iv.lo()));
                row.put(hi, Cells.format(iv.hi()));
                row.put("interval_level", Cells.format(iv.level()));
                double least = java.util.Arrays.stream(values).min().orElse(Double.NaN);
                double most = java.util.Arrays.stream(values).max().orElse(Double.NaN);
                row.put(min, Cells.format(least));
                row.put(max, Cells.format(most));
                row.put("unstable", values.length < 2 ? "unknown"
                        : Boolean.toString(least > 0 && most / least > Forks.UNSTABLE_RATIO));
                putWarm(row, forks);
            }
            rows.add(row);
        }
        return rows;
    }

    /** {@code idle_policy} where the suite has the column: what the row's wait actually does in its transport. */
    private void putIdlePolicy(Map<String, String> row, Map<String, String> first) {
        if (columns().contains("idle_policy")) {
            row.put("idle_policy", handoff.harness.results.TransportTraits.idlePolicy(first.getOrDefault("transport", ""),
                    first.getOrDefault("wait", "")));
        }
    }

    /** {@code warm_trend_p}, {@code not_warm}: a warming trend over the forks' measured iterations ({@link WarmTrend}). */
    private static void putWarm(Map<String, String> row, List<Map<String, String>> forks) {
        WarmTrend.putRow(row, forks, "iteration_scores", "true".equals(forks.get(0).get("higher_is_better")));
    }


    /** One JMH fork per trial, and the profile's forks as interleaved trials ({@link Stats#interleave}). */
    protected static Map<String, String> oneForkSizing(SweepPlan plan, int fork) {
        Map<String, String> s = plan.sizing(fork);
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
                Map<String, String> sizing = new LinkedHashMap<>(c.sizing());
                sizing.putAll(oneForkSizing(plan, f));
                g.add(new TrialSpec(c.suite(), c.config(), sizing));
            }
            groups.add(g);
        }
        return Stats.interleave(groups);
    }

    protected static Map<String, String> config(Object... kv) {
        Map<String, String> m = new LinkedHashMap<>();
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
