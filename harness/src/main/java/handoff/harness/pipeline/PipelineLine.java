package handoff.harness.pipeline;

import handoff.harness.page.TextLine;
import handoff.harness.results.CellCodec;
import handoff.harness.results.Cells;
import handoff.harness.results.ColumnTable;
import handoff.harness.stats.Stats;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@code pipeline.csv} (or {@value PipelineAxes#VARIANTS_FILE}) as the report reads it back, parsed once
 * through the file's column table ({@link PipelineCsv#TABLE}, which upgrades a line of an older format), each component
 * a column of it. Texts the report prints or matches as the file holds them stay text; a number the line lacks is NaN.
 *
 * @param idlePolicy   the {@code idle_policy} cell as written (empty in files from before it)
 * @param bufferEvents the {@code buffer_events} cell as written (empty: unbounded, or unknown)
 * @param forks        the {@code forks} cell as written
 * @param threads      the {@code threads} cell as written
 */
public record PipelineLine(String transport, String producers, String waitStrategy, String idlePolicy, String work,
                           String workers, String consume, String buffering, String bufferEvents, double throughputEps,
                           double throughputLoEps, double throughputHiEps, double throughputMinEps,
                           double throughputMaxEps, double intervalLevel, String forks, double allocBytesPerEvent,
                           double gcCount, double gcTimeMs, double cpuNsPerEvent, double meanBatch, double vcswPerOp,
                           double ivcswPerOp, String threads) {
    static final CellCodec<PipelineLine> CODEC = PipelineCsv.TABLE.lines(MethodHandles.lookup(), PipelineLine.class,
            "transport", "producers", "wait=waitStrategy", "idle_policy", "work", "workers", "consume", "buffering",
            "buffer_events", "throughput_eps", "throughput_lo_eps", "throughput_hi_eps", "throughput_min_eps", "throughput_max_eps",
            "interval_level", "forks", "alloc_bytes_per_event", "gc_count", "gc_time_ms", "cpu_ns_per_event", "mean_batch",
            "vcsw_per_op", "ivcsw_per_op", "threads");

    /** A line of the report's rows of {@code pipeline.csv} or {@value PipelineAxes#VARIANTS_FILE}. */
    public static PipelineLine of(TextLine row) {
        ColumnTable<PipelineRow> table = PipelineAxes.VARIANTS_FILE.equals(row.file()) ? PipelineCsv.VARIANTS
                : PipelineCsv.TABLE;
        return table.line(CODEC, row.cells(), row.format());
    }

    /** The saturation throughput over forks with its interval ({@link TextLine#interval(double, double, double, double, double)}). */
    public Stats.Interval throughput() {
        return TextLine.interval(throughputEps, throughputLoEps, throughputHiEps, Cells.parse(forks), intervalLevel);
    }
}
