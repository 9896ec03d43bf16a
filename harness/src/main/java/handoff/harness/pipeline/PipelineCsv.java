package handoff.harness.pipeline;

import handoff.harness.jmhsuite.JmhMeasure;
import handoff.harness.jmhsuite.JmhRow;
import handoff.harness.results.Cells;
import handoff.harness.results.Column;
import handoff.harness.results.ColumnTable;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.trial.RuntimeCells;

import java.util.List;
import java.util.function.Function;

/**
 * The columns of {@code pipeline.csv} ({@link #TABLE}), the one place they are named: its header, writer, registry
 * schema and its lines in results/README.md come from it, and {@value PipelineAxes#VARIANTS_FILE}'s ({@link #VARIANTS}:
 * the same columns, never the runtime ones). And the measures each fork's trial gives ({@link #MEASURES}).
 */
final class PipelineCsv {
    static final String FILE = "pipeline.csv";

    /** The columns folded as medians over forks, each read once from a fork's trial; the primary first. */
    static final List<JmhMeasure<PipelineRow.Config>> MEASURES = List.of(
            JmhMeasure.of("throughput_eps", (m, c) -> m.score()),
            JmhMeasure.of("alloc_bytes_per_event", (m, c) -> m.allocBytesPerOp()),
            JmhMeasure.recorded("gc_count", (m, c) -> m.gcCount()),
            JmhMeasure.recorded("gc_time_ms", (m, c) -> m.gcTimeMs()),
            JmhMeasure.of("cpu_ns_per_event", (m, c) -> m.cpuNsPerOp()),
            JmhMeasure.recorded("mean_batch", (m, c) -> c.ratios().meanBatch()),
            JmhMeasure.recorded("empty_poll_pct", (m, c) -> c.ratios().emptyPollPct()),
            JmhMeasure.recorded("failed_offer_pct", (m, c) -> c.ratios().failedOfferPct()));

    /** The primary measure: its interval, spread and per-fork values are columns too. */
    static final String PRIMARY = "throughput_eps";

    /** Every column of the file, in file order, with its unit, meaning, cell and schema role. */
    static final ColumnTable<PipelineRow> TABLE = ColumnTable.of(FILE, List.of(
            Column.<PipelineRow>of("transport", "", "the transport's id.", r -> r.jmh().first().transport()).key(),
            Column.of("producers", "threads", "threads publishing into the first hop.",
                    config(c -> c.producers() == null ? "" : Integer.toString(c.producers()))).key(),
            Column.<PipelineRow>of("wait", "", "the wait strategy.", r -> r.jmh().first().waitStrategy()).key(),
            Column.of("idle_policy", "", "what the row's `wait` actually does in its transport, in words (see the idle "
                    + "policy).", jmh(JmhRow::idlePolicy)),
            Column.of("work", "", "the work per event at each stage.", config(c -> text(c.work()))).key(),
            Column.of("workers", "", "the workers per stage: `N` for N on every stage, `A:B:C` for parse:enrich:aggregate.",
                    config(c -> text(c.workers()))).key(),
            Column.of("consume", "", "`one` or `batch`: how the row's stages took events from their hop (below).",
                    config(c -> text(c.consume()))),
            Column.of("buffering", "", "`per-hop` or `total`: what `--capacity` bounds (below).",
                    config(c -> text(c.buffering()))),
            Column.<PipelineRow>of("buffer_events", "events", "events the pipeline's buffers hold when full (below); empty "
                    + "for an unbounded queue.", r -> r.bufferEvents() == null ? "" : Long.toString(r.bufferEvents())),
            new Column<>("throughput_eps", "events/s", "the median over forks of each fork's JMH score.",
                    jmh(j -> j.measure(PRIMARY)), new Column.Role.Measured(Metric.higher("throughput_eps",
                    "pipeline throughput", "events/s").spread("throughput_lo_eps", "throughput_hi_eps").error("throughput_err")),
                    false),
            Column.of("throughput_lo_eps", "events/s", "the low end of `throughput_eps`'s interval, real coverage "
                    + "`interval_level`.", jmh(j -> j.figure(f -> Cells.format(f.interval().lo())))),
            Column.of("throughput_hi_eps", "events/s", "its high end.", jmh(j -> j.figure(f -> Cells.format(f.interval().hi())))),
            Column.of("interval_level", "", "the real coverage of the row's interval (see the column conventions).",
                    jmh(j -> j.figure(f -> Cells.format(f.interval().level())))),
            Column.of("forks", "JVMs", "how many JVMs (one JMH fork each) the row folds.", jmh(j -> Integer.toString(j.forks()))),
            Column.of("throughput_eps_forks", "events/s", "each fork's throughput, `;`-separated in fork order, for the "
                    + "report's tests between rows.", jmh(JmhRow::perForkValues)),
            Column.of("throughput_min_eps", "events/s", "the lowest fork's throughput.",
                    jmh(j -> j.figure(f -> Cells.format(f.min())))),
            Column.of("throughput_max_eps", "events/s", "the highest fork's throughput.",
                    jmh(j -> j.figure(f -> Cells.format(f.max())))),
            Column.of("alloc_bytes_per_event", "bytes", "JMH's `gc.alloc.rate.norm` per event (below), median over forks.",
                    measure("alloc_bytes_per_event")),
            Column.of("gc_count", "pauses", "JMH's `-prof gc` count, median over forks.", measure("gc_count")),
            Column.of("gc_time_ms", "ms", "JMH's `-prof gc` time, median over forks.", measure("gc_time_ms")),
            Column.of("cpu_ns_per_event", "ns", "the CPU time per event of the fork's `producer*` and `stage*` threads "
                    + "(below), median over forks.", measure("cpu_ns_per_event")),
            Column.of("mean_batch", "events", "events per non-empty consumer wake, over every stage (below).",
                    measure("mean_batch")),
            Column.of("empty_poll_pct", "%", "% of dequeue calls that found the hop empty (below).",
                    measure("empty_poll_pct")),
            Column.of("failed_offer_pct", "%", "% of offer attempts that found the next hop full (below).",
                    measure("failed_offer_pct")),
            Column.of("vcsw_per_op", "switches/event", "voluntary context switches per event, every thread of the JMH "
                    + "fork (see the why-metrics).", perFork("vcsw_per_op")),
            Column.of("ivcsw_per_op", "switches/event", "involuntary context switches per event (see the why-metrics).",
                    perFork("ivcsw_per_op")),
            Column.of("cpu_ns_per_op_producers", "ns", "CPU per event of the fork's `producer*` threads (see the "
                    + "why-metrics).", perFork("cpu_ns_per_op_producers")),
            Column.of("cpu_ns_per_op_consumers", "ns", "CPU per event of its `stage*` threads (see the why-metrics).",
                    perFork("cpu_ns_per_op_consumers")),
            Column.of("safepoint_ms", "ms", "time in safepoints over the measured iterations of the fork (see the "
                    + "why-metrics).", perFork("safepoint_ms")),
            Column.of("perfnorm", "", "`ok`, or `n/a: <reason>` where the box cannot count (see perfnorm).",
                    jmh(JmhRow::perfnorm)),
            Column.of("cycles_per_op", "cycles/event", "CPU cycles per event (see perfnorm).", perFork("cycles_per_op")),
            Column.of("instructions_per_op", "instructions/event", "instructions per event (see perfnorm).",
                    perFork("instructions_per_op")),
            Column.of("cache_misses_per_op", "misses/event", "cache misses per event (see perfnorm).",
                    perFork("cache_misses_per_op")),
            Column.of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                    jmh(j -> j.status().render())),
            Column.of("oversubscribed", "", "`threads` > `cpus` in some fork.",
                    jmh(j -> Boolean.toString(j.oversubscribed()))).flag(Flag.OVERSUBSCRIBED),
            Column.of("unstable", "", "the forks' throughputs disagree by more than 2×; `unknown` with one fork.",
                    jmh(JmhRow::unstableCell)).flag(Flag.UNSTABLE),
            Column.of("warm_trend_p", "", "the warm-up check's p over each fork's measured iterations (see the warm-up "
                    + "check).", jmh(JmhRow::warmTrendP)),
            Column.of("not_warm", "", "`true` where `warm_trend_p` < 0.05, `unknown` where the iterations are too few for "
                    + "the test ever to reach it (see the warm-up check).", jmh(JmhRow::notWarm)).flag(Flag.NOT_WARM),
            Column.of("threads", "threads", "the producers, every stage's workers and JMH's own thread.",
                    jmh(JmhRow::threads)),
            Column.of("cpus", "CPUs", "the CPUs the trial ran on.", jmh(JmhRow::cpus))))
            .plus(RuntimeCells.<PipelineRow>columns(r -> r.jmh().runtime()))
            // format 2: the idle policy, the buffers' events, the per-fork values and the warm-up check
            .added("idle_policy", "buffer_events", "throughput_eps_forks", "warm_trend_p", "not_warm")
            // format 3: the consumer modes and bufferings, with the hand-off ratios
            .added("consume", "buffering", "mean_batch", "empty_poll_pct", "failed_offer_pct")
            // JMH's score error, which the interval over forks replaced before format 1's runs
            .retired("throughput_err");

    /** {@value PipelineAxes#VARIANTS_FILE}: {@link #TABLE}'s columns but the runtime ones, which it has never had. */
    static final ColumnTable<PipelineRow> VARIANTS = ColumnTable.of(PipelineAxes.VARIANTS_FILE,
            TABLE.columns().stream().filter(c -> !c.optional()).toList());

    private PipelineCsv() {
    }

    private static Function<PipelineRow, String> jmh(Function<JmhRow<PipelineRow.Config>, String> cell) {
        return r -> cell.apply(r.jmh());
    }

    private static Function<PipelineRow, String> config(Function<PipelineRow.Config, String> cell) {
        return r -> cell.apply(r.jmh().config());
    }

    private static Function<PipelineRow, String> measure(String column) {
        return r -> r.jmh().measure(column);
    }

    private static Function<PipelineRow, String> perFork(String column) {
        return r -> r.jmh().perForkMedian(column);
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
