package handoff.harness.fleet;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of the tidy table: one fork's value of one declared metric of one configuration of one run.
 *
 * @param file           the suite CSV the value comes from, e.g. {@code pipeline.csv}
 * @param config         the row's key columns as {@code k=v} joined by spaces (its name across runs)
 * @param keys           the row's key cells (its file's keys and match columns; a column it lacks reads empty)
 * @param metric         the metric column, e.g. {@code throughput_eps}
 * @param fork           the fork's index within its run, 0 first: the round it ran in
 * @param value          the fork's value; NaN where the run kept none (written empty)
 * @param unit           its unit
 * @param higherIsBetter which way is better
 * @param rowFlags       the flags the suite's schema raises on the row (oversubscribed, unstable, …), space-separated
 * @param jvm            the row's {@code java_runtime_version}, else the run's
 * @param gc             the row's collector ({@code gc} key, else {@code gc_collectors}), else the run's
 */
public record ForkValue(String file, String config, RowKey keys, String metric, int fork, double value, String unit,
                        boolean higherIsBetter, String rowFlags, String jvm, String gc) {
    /** The columns of {@code forks.csv}, in order (the key columns come from the registry). */
    public static List<String> columns() {
        List<String> c = new ArrayList<>(List.of("run_id", "file", "config"));
        c.addAll(TidyForks.KEY_COLUMNS);
        c.addAll(List.of("metric", "fork", "value", "unit", "higher_is_better", "row_flags"));
        c.addAll(RunFacts.COLUMNS.subList(1, RunFacts.COLUMNS.size()));
        return List.copyOf(c);
    }

    /** The line's cells as written to {@code forks.csv}, one per {@link #columns()}, in order. */
    public List<String> line(RunFacts run) {
        List<String> v = new ArrayList<>(List.of(run.runId(), file, config));
        for (String k : TidyForks.KEY_COLUMNS) {
            v.add(keys.get(k));
        }
        v.addAll(List.of(metric, Integer.toString(fork), exact(value), unit, Boolean.toString(higherIsBetter), rowFlags));
        v.addAll(run.on(jvm, gc).values().subList(1, RunFacts.COLUMNS.size()));
        return v;
    }

    /** The value as read, without rounding (integers without a point; NaN empty): the database gets what the suite wrote. */
    static String exact(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
