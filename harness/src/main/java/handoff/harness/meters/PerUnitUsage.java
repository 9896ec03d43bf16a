package handoff.harness.meters;

import handoff.harness.results.CellCodec;

import java.lang.invoke.MethodHandles;

/**
 * What {@link ResourceMeter} measured over a trial's window, per unit of the trial's work, as the trial records it:
 * under keys that name the unit ({@code alloc_bytes_per_op}, {@code cpu_ns_per_event}, ...), one codec per unit. NaN
 * where not measured.
 *
 * @param gcCount           stop-the-world GC pauses in the window
 * @param gcTimeMs          their total time
 * @param gcMaxPauseMs      the longest of them
 * @param allocBytesPerUnit bytes the trial's own threads allocated per unit
 * @param cpuNsPerUnit      CPU time of the trial's own threads per unit
 * @param heapGrowthBytes   heap after collection, grown over the window
 * @param why               the why-metrics, per operation (unknown where the trial carries none)
 */
public record PerUnitUsage(double gcCount, double gcTimeMs, double gcMaxPauseMs, double allocBytesPerUnit,
                           double cpuNsPerUnit, double heapGrowthBytes, WhyMetrics.PerOp why) {
    /** Nothing measured. */
    public static final PerUnitUsage UNKNOWN = new PerUnitUsage(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, WhyMetrics.PerOp.UNKNOWN);

    /** A trial that carries no why-metrics has them unknown. */
    public PerUnitUsage {
        why = why == null ? WhyMetrics.PerOp.UNKNOWN : why;
    }

    /** Per operation ({@code alloc_bytes_per_op}): RTT messages, fan-out operations. */
    public static final CellCodec<PerUnitUsage> PER_OP = codec("op");
    /** Per event ({@code alloc_bytes_per_event}): the latency suite's events. */
    public static final CellCodec<PerUnitUsage> PER_EVENT = codec("event");
    /** Per request ({@code alloc_bytes_per_request}): the echo suite's requests. */
    public static final CellCodec<PerUnitUsage> PER_REQUEST = codec("request");

    private static CellCodec<PerUnitUsage> codec(String unit) {
        return CellCodec.of(MethodHandles.lookup(), PerUnitUsage.class, "gc_count", "gc_time_ms", "gc_max_pause_ms",
                "alloc_bytes_per_" + unit + "=allocBytesPerUnit", "cpu_ns_per_" + unit + "=cpuNsPerUnit",
                "heap_growth_bytes", WhyMetrics.PerOp.CODEC);
    }
}
