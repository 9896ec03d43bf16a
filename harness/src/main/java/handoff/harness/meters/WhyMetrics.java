package handoff.harness.meters;

import handoff.harness.results.CellCodec;

import java.lang.invoke.MethodHandles;
import java.util.List;

/**
 * The "why" behind a trial's numbers over its measured window: context switches of the trial's own threads
 * (voluntary = it blocked or parked; involuntary = the scheduler took the CPU away), their CPU time split by
 * role, and the JVM's safepoint time. Columns (same names in rtt.csv, pipeline-latency.csv, pipeline.csv):
 * {@link #COLUMNS}.
 *
 * @param safepointMs safepoint time in the window, -1 when not available
 */
public record WhyMetrics(ThreadActivity.Totals sched, long safepointMs) {
    /** Their keys in a trial's properties, which are also their columns. */
    public static final List<String> COLUMNS = PerOp.CODEC.keys();

    /**
     * The why-metrics per operation as a trial records them ({@link #CODEC}); NaN where not measured.
     *
     * @param safepointMs safepoint time in the window (not per operation)
     */
    public record PerOp(double vcswPerOp, double ivcswPerOp, double cpuNsPerOpProducers, double cpuNsPerOpConsumers,
                        double safepointMs) {
        public static final CellCodec<PerOp> CODEC = CellCodec.of(MethodHandles.lookup(), PerOp.class, "vcsw_per_op",
                "ivcsw_per_op", "cpu_ns_per_op_producers", "cpu_ns_per_op_consumers", "safepoint_ms");
        /** Nothing measured. */
        public static final PerOp UNKNOWN = new PerOp(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

        /** The values in {@link #COLUMNS} order. */
        public double[] values() {
            return new double[] {vcswPerOp, ivcswPerOp, cpuNsPerOpProducers, cpuNsPerOpConsumers, safepointMs};
        }
    }

    /** Per op over {@code ops} operations; NaN for what was not measured. */
    public PerOp perOp(long ops) {
        boolean ok = sched.known() && ops > 0;
        SchedCounters all = sched.all();
        return new PerOp(ok ? (double) all.voluntary() / ops : Double.NaN, ok ? (double) all.involuntary() / ops : Double.NaN,
                ok ? (double) sched.producers().cpuNanos() / ops : Double.NaN,
                ok ? (double) sched.consumers().cpuNanos() / ops : Double.NaN, safepointMs >= 0 ? safepointMs : Double.NaN);
    }
}
