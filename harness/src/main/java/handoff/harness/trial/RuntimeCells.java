package handoff.harness.trial;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import handoff.harness.results.Column;

import java.lang.invoke.MethodHandles;
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
    /**
     * The trial's keys of them: the plan writes the swept ones ({@link RuntimeAxes#expand}: {@code jdk}, {@code gc},
     * {@code thread_kind} in the configuration, {@code gc_mode} in the sizing), the trial JVM the rest
     * ({@link RuntimeAxes#selfReport}).
     */
    public static final CellCodec<RuntimeCells> CODEC = CellCodec.of(MethodHandles.lookup(), RuntimeCells.class,
            BuildAxis.CONFIG, "jdk", "gc", "thread_kind", "java_runtime_version", "gc_mode", "gc_collectors");

    /** The cells of the first of a configuration's trials. */
    public static RuntimeCells of(TrialProperties trial) {
        return CODEC.read(trial);
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
