package handoff.harness.jmhsuite;

import handoff.harness.meters.WhyMetrics;
import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Status;

import java.lang.invoke.MethodHandles;

/**
 * What one JMH invocation returns from its trial JVM ({@link JmhRunner#run}) and a fold reads back ({@link JmhFork},
 * the disruptor suite's sides), its keys declared once ({@link #CODEC}). A trial that did not finish ok carries its
 * profilers' facts and its status only.
 *
 * @param perfnorm {@code ok} or {@code n/a: <reason>}: whether the forks counted hardware events
 * @param profile  the folder of the row's profiles ({@code --profiler}); null without one
 * @param jmhForks how many JMH forks ran; null where the trial did not finish
 * @param measured what an ok invocation measured; null otherwise
 */
public record JmhResult(String perfnorm, String profile, Status status, Integer jmhForks, Measured measured) {
    public static final CellCodec<JmhResult> CODEC = CellCodec.of(MethodHandles.lookup(), JmhResult.class, "perfnorm",
            "profile", Status.KEY, "jmh_forks", Measured.CODEC);

    /**
     * What an ok invocation measured: the primary score over its forks and the secondary results per op, NaN where JMH
     * did not measure one.
     *
     * @param score             the primary result, in {@code unit}; like {@code scoreErr}, {@code scoreMin},
     *                          {@code scoreMax} over the forks
     * @param cpuNsPerOp        CPU of the benchmark's own threads per op ({@link JmhRunner#threadsCpu})
     * @param processCpuNsPerOp the whole fork's CPU per op, in 10 ms ticks: raw only
     * @param why               the why-metrics per op
     * @param perf              the hardware counters per op; null where perfnorm was not ok
     * @param jmhJson           the JMH result file's path in the run folder
     * @param iterationScores   each fork's measured iteration scores ({@code stats.WarmTrend#format}, forks {@code |}-separated)
     * @param higherIsBetter    whether a higher score is better (throughput mode), for the warm-up check
     */
    public record Measured(double score, double scoreErr, String unit, double scoreMin, double scoreMax,
                           double allocBytesPerOp, double gcCount, double gcTimeMs, double cpuNsPerOp,
                           double processCpuNsPerOp, WhyMetrics.PerOp why, Perf perf, String jmhJson,
                           String iterationScores, boolean higherIsBetter) {
        public static final CellCodec<Measured> CODEC = CellCodec.of(MethodHandles.lookup(), Measured.class, "score",
                "score_err", "unit", "score_min", "score_max", "alloc_bytes_per_op", "gc_count", "gc_time_ms",
                "cpu_ns_per_op", "process_cpu_ns_per_op", WhyMetrics.PerOp.CODEC, Perf.CODEC, "jmh_json",
                "iteration_scores", "higher_is_better");
    }

    /** perfnorm's hardware counters per op ({@code -prof perfnorm}). */
    public record Perf(double cyclesPerOp, double instructionsPerOp, double cacheMissesPerOp) {
        public static final CellCodec<Perf> CODEC = CellCodec.of(MethodHandles.lookup(), Perf.class, "cycles_per_op",
                "instructions_per_op", "cache_misses_per_op");
    }

    /** The result a trial's properties carry. */
    public static JmhResult of(TrialProperties trial) {
        return CODEC.read(trial);
    }
}
