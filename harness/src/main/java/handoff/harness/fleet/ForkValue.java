package handoff.harness.fleet;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of the tidy table: one fork's value of one declared metric of one configuration of one run.
 *
 * @param file           the suite CSV the value comes from, e.g. {@code pipeline.csv}
 * @param config         the row's key columns as {@code k=v} joined by spaces (its name across runs)
 * @param keys           each key column of the row (the union over the registry's files; absent ones empty)
 * @param metric         the metric column, e.g. {@code throughput_eps}
 * @param fork           the fork's index within its run, 0 first: the round it ran in
 * @param value          the fork's value; NaN where the run kept none (written empty)
 * @param unit           its unit
 * @param higherIsBetter which way is better
 * @param rowFlags       the flags the suite's schema raises on the row (oversubscribed, unstable, …), space-separated
 * @param jvm            the row's {@code java_runtime_version}, else the run's
 * @param gc             the row's collector ({@code gc} key, else {@code gc_collectors}), else the run's
 */
public record ForkValue(String file, String config, Map<String, String> keys, String metric, int fork, double value, String unit,
                        boolean higherIsBetter, String rowFlags, String jvm, String gc) {
    /** The columns of {@code forks.csv}, in order (the key columns come from the registry). */
    public static java.util.List<String> columns() {
        java.util.List<String> c = new java.util.ArrayList<>(java.util.List.of("run_id", "file", "config"));
        c.addAll(TidyForks.KEY_COLUMNS);
        c.addAll(java.util.List.of("metric", "fork", "value", "unit", "higher_is_better", "row_flags"));
        c.addAll(RunFacts.COLUMNS.subList(1, RunFacts.COLUMNS.size()));
        return java.util.List.copyOf(c);
    }

    /** Column → cell, as written to {@code forks.csv}. */
    public Map<String, String> cells(RunFacts run) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("run_id", run.runId());
        m.put("file", file);
        m.put("config", config);
        for (String k : TidyForks.KEY_COLUMNS) {
            m.put(k, keys.getOrDefault(k, ""));
        }
        m.put("metric", metric);
        m.put("fork", Integer.toString(fork));
        m.put("value", exact(value));
        m.put("unit", unit);
        m.put("higher_is_better", Boolean.toString(higherIsBetter));
        m.put("row_flags", rowFlags);
        Map<String, String> facts = run.cells();
        facts.remove("run_id");
        facts.put("jvm", jvm.isEmpty() ? run.jvm() : jvm);
        facts.put("gc", gc.isEmpty() ? run.gc() : gc);
        m.putAll(facts);
        return m;
    }

    /** The value as read, without rounding (integers without a point; NaN empty): the database gets what the suite wrote. */
    static String exact(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
