package handoff.harness.trial;

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
            Map<String, String> t = forks.get(0);
            if (row.get("status").equals("ok")) {
                measures().forEach((col, f) -> row.put(col, f.apply(t)));
                double lo = Forks.num(t, "score_min");
                double hi = Forks.num(t, "score_max");
                row.put("unstable", Boolean.toString(lo > 0 && hi / lo > Forks.UNSTABLE_RATIO));
            }
            rows.add(row);
        }
        return rows;
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
