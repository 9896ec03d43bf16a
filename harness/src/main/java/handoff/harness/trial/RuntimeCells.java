package handoff.harness.trial;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Column;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A folded row's runtime cells ({@link RuntimeAxes#COLUMNS}) as its configuration's first trial recorded them, each
 * null where the run did not sweep or report it. Their columns are optional: a file
 * has them only in a run given {@code --jdk}, {@code --gc} or {@code --threads}, or a run of two builds ({@code ab}) (documented once, under the column
 * conventions of results/README.md).
 */
public record RuntimeCells(String build, String jdk, String gc, String threadKind, String javaRuntimeVersion, String gcMode,
                           String gcCollectors) {
    /** The cells of the first of a configuration's trials. */
    public static RuntimeCells of(TrialProperties trial) {
        return new RuntimeCells(trial.get(BuildAxis.CONFIG), trial.get("jdk"), trial.get("gc"), trial.get("thread_kind"), trial.get("java_runtime_version"),
                trial.get("gc_mode"), trial.get("gc_collectors"));
    }

    /** The optional runtime columns of a table whose rows carry these cells, in {@link RuntimeAxes#COLUMNS} order. */
    public static <R> List<Column<R>> columns(Function<R, RuntimeCells> of) {
        return List.of(
                Column.<R>of(BuildAxis.CONFIG, "", "`base` or `head`: the build the trial ran, in a run of two builds (`ab`)",
                        r -> of.apply(r).build()).asOptional(),
                Column.<R>of("jdk", "", "the JDK's feature version", r -> of.apply(r).jdk()).asOptional(),
                Column.<R>of("gc", "", "the collector", r -> of.apply(r).gc()).asOptional(),
                Column.<R>of("thread_kind", "", "`platform` or `virtual`", r -> of.apply(r).threadKind()).asOptional(),
                Column.<R>of("java_runtime_version", "", "the trial JVM's `java.runtime.version`",
                        r -> of.apply(r).javaRuntimeVersion()).asOptional(),
                Column.<R>of("gc_mode", "", "the collector's mode", r -> of.apply(r).gcMode()).asOptional(),
                Column.<R>of("gc_collectors", "", "the trial JVM's GC MXBeans' names joined with `+`",
                        r -> of.apply(r).gcCollectors()).asOptional());
    }
}
