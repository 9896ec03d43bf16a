package handoff.harness.fanout;

import handoff.harness.meters.PerUnitUsage;
import handoff.harness.results.TrialProperties;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.util.List;

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
record PartResult(Status status, double throughputOps, List<double[]> runRates, double allocBytesPerOp, double cpuNsPerOp,
               double gcCount, double gcTimeMs, double offeredOps, double p50Ns, double p99Ns, double maxNs,
               Histogram histogram) {

    /** The part {@code part} of one fork's trial properties ({@link FanoutPart}). */
    static PartResult read(TrialProperties trial, ScenarioVariant part) {
        String prefix = part.key() + ".";
        FanoutPart p = FanoutPart.CODEC.read(trial, prefix);
        Status s = trial.containsKey(prefix + Status.KEY.name()) ? p.status() : Status.of(trial);
        if (!s.isOk()) { // a part that did not finish carries no figures the fold reads
            return new PartResult(s, Double.NaN, List.of(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN, Double.NaN, null);
        }
        FanoutPart.Saturation sat = p.saturation();
        PerUnitUsage u = sat == null || sat.usage() == null ? PerUnitUsage.UNKNOWN : sat.usage();
        FanoutPart.OpenLoop open = p.openLoop();
        return new PartResult(s, sat == null ? Double.NaN : sat.throughputOps(),
                sat == null || sat.runRates().length == 0 ? List.of() : List.<double[]>of(sat.runRates()),
                u.allocBytesPerUnit(), u.cpuNsPerUnit(), u.gcCount(), u.gcTimeMs(),
                open == null ? Double.NaN : open.offeredOps(), open == null ? Double.NaN : open.p50Ns(),
                open == null ? Double.NaN : open.p99Ns(), open == null ? Double.NaN : open.maxNs(),
                open == null ? null : open.histogram());
    }
}
