package handoff.harness.fanout;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Cells;
import handoff.harness.results.Histograms;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One part ({@link ScenarioVariant}) of one fork's trial as the fold reads it, parsed once from the trial's properties
 * under the prefix {@code <part.key()>.} ({@link FanoutRun} writes them): the part's status and what its measured
 * runs and, for the broker, its open-loop run gave. A figure the trial does not carry is NaN (a histogram null); a
 * part that is not ok carries its status only.
 *
 * @param status         the part's own status where the trial reached it, else the trial's
 * @param throughputOps  the fork's median measured run, ops/s
 * @param runRates       the fork's measured runs' rates in order (for the warm-up check), as {@link WarmTrend#parse}
 *                       gives them: empty where the trial carries none
 * @param allocBytesPerOp over the measured runs, like {@code cpuNsPerOp}, {@code gcCount}, {@code gcTimeMs}
 * @param offeredOps     broker only, like the rest: the open-loop run's offer, ops/s
 * @param histogram      the open-loop run's dispatch latency; null where the trial carries none
 */
record PartRun(Status status, double throughputOps, List<double[]> runRates, double allocBytesPerOp, double cpuNsPerOp,
               double gcCount, double gcTimeMs, double offeredOps, double p50Ns, double p99Ns, double maxNs,
               Histogram histogram) {

    /** The part {@code part} of one fork's trial properties: the only place the fold spells its keys. */
    static PartRun read(TrialProperties trial, ScenarioVariant part) {
        String prefix = part.key() + ".";
        Function<String, String> at = key -> trial.get(prefix + key);
        Status s = trial.containsKey(prefix + "status") ? Status.of(trial, prefix + "status") : Status.of(trial);
        if (!s.isOk()) { // a part that did not finish carries no figures the fold reads
            return new PartRun(s, Double.NaN, List.of(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, Double.NaN, null);
        }
        String h = at.apply("histogram");
        return new PartRun(s, num(at, "throughput_ops"), WarmTrend.parse(at.apply("run_rates")),
                num(at, "alloc_bytes_per_op"), num(at, "cpu_ns_per_op"), num(at, "gc_count"), num(at, "gc_time_ms"),
                num(at, "offered_ops"), num(at, "p50_ns"), num(at, "p99_ns"), num(at, "max_ns"),
                h == null || h.isEmpty() ? null : Histograms.decode(h));
    }

    private static double num(Function<String, String> at, String key) {
        return Cells.parse(at.apply(key));
    }
}
