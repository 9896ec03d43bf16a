package handoff.harness.meters;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Cells;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The "why" behind a trial's numbers over its measured window: context switches of the trial's own threads
 * (voluntary = it blocked or parked; involuntary = the scheduler took the CPU away), their CPU time split by
 * role, and the JVM's safepoint time. Columns (same names in rtt.csv, pipeline-latency.csv, pipeline.csv):
 * {@link #COLUMNS}.
 *
 * @param safepointMs safepoint time in the window, -1 when not available
 */
public record WhyMetrics(ThreadActivity.Totals sched, long safepointMs) {
    public static final List<String> COLUMNS = List.of("vcsw_per_op", "ivcsw_per_op", "cpu_ns_per_op_producers",
            "cpu_ns_per_op_consumers", "safepoint_ms");

    /** Per-op columns; empty cells for what was not measured. */
    public TrialProperties columns(long ops) {
        TrialProperties.Builder m = TrialProperties.builder();
        boolean ok = sched.known() && ops > 0;
        SchedCounters all = sched.all();
        m.put("vcsw_per_op", ok ? Cells.format((double) all.voluntary() / ops) : "");
        m.put("ivcsw_per_op", ok ? Cells.format((double) all.involuntary() / ops) : "");
        m.put("cpu_ns_per_op_producers", ok ? Cells.format((double) sched.producers().cpuNanos() / ops) : "");
        m.put("cpu_ns_per_op_consumers", ok ? Cells.format((double) sched.consumers().cpuNanos() / ops) : "");
        m.put("safepoint_ms", safepointMs >= 0 ? Long.toString(safepointMs) : "");
        return m.build();
    }
}
