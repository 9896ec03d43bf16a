package handoff.harness.latency;

import handoff.harness.page.TextLine;
import handoff.harness.results.CellCodec;
import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@code pipeline-latency.csv} as the report reads it back, parsed once through the file's column table
 * ({@link LatencyCsv#LATENCY}, which upgrades a line of an older format), each component a column of it. Texts the
 * report prints or matches as the file holds them stay text; a number the line lacks is NaN.
 *
 * @param loadPct     the {@code load_pct} cell as written (empty for a fixed rate)
 * @param offeredEps  the {@code offered_eps} cell as written (a load level without a {@code load_pct} is named by it)
 * @param saturated   the {@code saturated} cell as written, like {@code overloaded}, {@code steady}
 * @param warmupMs    the {@code warmup_ms} cell as written (empty where the forks never became steady)
 */
public record LatencyLine(String transport, String producers, String waitStrategy, String work, String rateBasis,
                          String loadPct, String offeredEps, double achievedEps, double meanNs, double p50Ns,
                          double p50LoNs, double p50HiNs, double p99Ns, double p99LoNs, double p99HiNs,
                          double intervalLevel, double p999Ns, double maxNs, double peakBacklog, String saturated,
                          String overloaded, String steady, String warmupMs, String steadyForks, String forks,
                          double heapGrowthBytes, double gcCount, double gcTimeMs, double gcMaxPauseMs,
                          double allocBytesPerEvent) {
    static final CellCodec<LatencyLine> CODEC = LatencyCsv.LATENCY.lines(MethodHandles.lookup(), LatencyLine.class,
            "transport", "producers", "wait=waitStrategy", "work", "rate_basis", "load_pct", "offered_eps", "achieved_eps",
            "mean_ns", "p50_ns", "p50_lo_ns", "p50_hi_ns", "p99_ns", "p99_lo_ns", "p99_hi_ns", "interval_level", "p999_ns",
            "max_ns", "peak_backlog", "saturated", "overloaded", "steady", "warmup_ms", "steady_forks", "forks",
            "heap_growth_bytes", "gc_count", "gc_time_ms", "gc_max_pause_ms", "alloc_bytes_per_event");

    /** A line of the report's rows of {@code pipeline-latency.csv}. */
    public static LatencyLine of(TextLine row) {
        return LatencyCsv.LATENCY.line(CODEC, row.cells(), row.format());
    }

    /** The p50 over forks with its interval ({@link TextLine#interval(double, double, double, double, double)}). */
    public Stats.Interval p50() {
        return TextLine.interval(p50Ns, p50LoNs, p50HiNs, Cells.parse(forks), intervalLevel);
    }

    /** The p99 over forks with its interval. */
    public Stats.Interval p99() {
        return TextLine.interval(p99Ns, p99LoNs, p99HiNs, Cells.parse(forks), intervalLevel);
    }

    /** {@link #loadPct} as a number; NaN where empty. */
    public double loadPctValue() {
        return Cells.parse(loadPct);
    }

    /** {@link #offeredEps} as a number; NaN where empty. */
    public double offered() {
        return Cells.parse(offeredEps);
    }

    public boolean isSaturated() {
        return "true".equals(saturated);
    }

    public boolean isOverloaded() {
        return "true".equals(overloaded);
    }
}
