package handoff.harness.echo;

import handoff.harness.meters.PerUnitUsage;
import handoff.harness.results.Cells;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

/**
 * One part of one fork ({@code c<N>} closed loop, {@code o<L>} open loop) as the fold reads it ({@link #read}): the
 * part as its trial carries it under the prefix {@code <part>.} ({@link EchoPart}) and what the trial says beside its
 * parts ({@link EchoResult}). A figure the trial does not carry is NaN, a count 0.
 *
 * @param status      the part's status in this fork: a stop that left something behind fails every part, else the
 *                    part's own, else (a trial that never ran its parts) the trial's
 * @param histogram   the part's latency; null where the trial carries none (a part that is not ok)
 * @param idleCpuPct  the trial's idle server CPU (one per fork, the same for every part)
 * @param steady      {@code steady} or {@code not-steady} (open loop); null where the trial does not say
 * @param cpuPctText  {@code cpuPct} as the trial wrote it ("" where it did not): {@code cpu_pct_forks} repeats each
 *                    fork's cell verbatim (formatting it again could turn {@code 123.0} into {@code 123})
 */
record PartResult(Status status, long lost, long duplicated, long corrupted, long misrouted, Histogram histogram,
               double offeredRps, double throughputRps, double cpuNsPerRequest, double cpuPct, double idleCpuPct,
               double allocBytesPerRequest, double gcCount, double gcTimeMs, double warmupMs, String steady,
               String cpuPctText) {

    /** The part {@code part} of a fork's properties. */
    static PartResult read(TrialProperties trial, String part) {
        String prefix = part + ".";
        EchoResult trialResult = EchoResult.CODEC.read(trial);
        EchoPart p = EchoPart.CODEC.read(trial, prefix);
        Status status = trialResult.leftBehind() != null ? Status.failed(trialResult.leftBehind())
                : trial.containsKey(prefix + Status.KEY.name()) ? p.status() : trialResult.status();
        EchoPart.Measured m = p.measured();
        PerUnitUsage u = m == null || m.usage() == null ? PerUnitUsage.UNKNOWN : m.usage();
        return new PartResult(status, p.lost(), p.duplicated(), p.corrupted(), p.misrouted(), m == null ? null : m.histogram(),
                p.offeredRps() == null ? Double.NaN : p.offeredRps(), m == null ? Double.NaN : m.throughputRps(),
                u.cpuNsPerUnit(), m == null ? Double.NaN : Cells.parse(m.cpuPct()), Cells.parse(trialResult.idleCpuPct()),
                u.allocBytesPerUnit(), u.gcCount(), u.gcTimeMs(),
                m == null || m.warmupMs() == null ? Double.NaN : m.warmupMs(), m == null ? null : m.steady(),
                m == null || m.cpuPct() == null ? "" : m.cpuPct());
    }
}
