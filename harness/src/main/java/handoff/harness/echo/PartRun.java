package handoff.harness.echo;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Cells;
import handoff.harness.results.Histograms;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.util.Map;
import java.util.function.Function;

/**
 * One part of one fork ({@code c<N>} closed loop, {@code o<L>} open loop) as the trial's properties carry it across
 * the JVM boundary under the prefix {@code <part>.} ({@link EchoRun} writes them), parsed once by the fold
 * ({@link #read}): the only place the fold spells the keys. A figure the trial does not carry is NaN, a count 0.
 *
 * @param status      the part's status in this fork: a stop that left something behind fails every part, else the
 *                    part's own, else (a trial that never ran its parts) the trial's
 * @param histogram   the part's latency; null where the trial carries none (a part that is not ok)
 * @param idleCpuPct  the trial's idle server CPU (one per fork, the same for every part)
 * @param steady      {@code steady} or {@code not-steady} (open loop); null where the trial does not say
 * @param cpuPctText  {@code cpuPct} as the trial wrote it ("" where it did not): {@code cpu_pct_forks} repeats each
 *                    fork's cell verbatim (formatting it again could turn {@code 123.0} into {@code 123})
 */
record PartRun(Status status, long lost, long duplicated, long corrupted, long misrouted, Histogram histogram,
               double offeredRps, double throughputRps, double cpuNsPerRequest, double cpuPct, double idleCpuPct,
               double allocBytesPerRequest, double gcCount, double gcTimeMs, double warmupMs, String steady,
               String cpuPctText) {

    /** The part {@code part} of a fork's properties. */
    static PartRun read(TrialProperties trial, String part) {
        String prefix = part + ".";
        Function<String, String> at = key -> trial.get(prefix + key);
        Function<String, Double> num = key -> Cells.parse(at.apply(key));
        Function<String, Long> count = key -> Long.parseLong(trial.getOrDefault(prefix + key, "0"));
        String left = trial.get(EchoRun.LEFT_BEHIND);
        Status status = left != null ? Status.failed(left)
                : trial.containsKey(prefix + "status") ? Status.of(trial, prefix + "status") : Status.of(trial);
        String h = at.apply("histogram");
        return new PartRun(status, count.apply("lost"), count.apply("duplicated"), count.apply("corrupted"),
                count.apply("misrouted"), h == null || h.isEmpty() ? null : Histograms.decode(h), num.apply("offered_rps"),
                num.apply("throughput_rps"), num.apply("cpu_ns_per_request"), num.apply("cpu_pct"),
                Cells.parse(trial.get("idle_cpu_pct")), num.apply("alloc_bytes_per_request"), num.apply("gc_count"),
                num.apply("gc_time_ms"), num.apply("warmup_ms"), at.apply("steady"),
                trial.getOrDefault(prefix + "cpu_pct", ""));
    }
}
