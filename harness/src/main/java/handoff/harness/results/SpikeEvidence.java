package handoff.harness.results;

import java.util.List;

/**
 * What a latency trial measured in one spike's evidence window ({@link SpikeCause#RULE}, {@link TrialEvidence#spike})
 * and the cause it gives: the evidence columns of {@code spikes.csv}. NaN or null is unknown (no log, no alignment,
 * not Linux): an empty cell, never 0.
 *
 * @param gcPauses      the GC pauses overlapping the window; null where not measured
 * @param safepoints    the safepoint operations overlapping it; null where not measured
 * @param runDelayNs    the largest run delay of one role in an interval of the window (its most delayed thread's)
 * @param runDelayRole  the role it was; null when none was measured
 * @param runDelayRoles that role's figures in the same interval (its switches and migrations); null with the role
 * @param jitterStallNs the jitter thread's largest stall above its floor in an interval of the window
 * @param cause         the cause the evidence gives
 */
public record SpikeEvidence(List<GcLog.Pause> gcPauses, SafepointSpan safepoints, double runDelayNs, SchedRole runDelayRole,
                            RoleSched runDelayRoles, double jitterStallNs, SpikeCause cause) {
    /** The longest GC pause in the window in ns: 0 if none, NaN where not measured. */
    public double gcPauseMaxNs() {
        return gcPauses == null ? Double.NaN : gcPauses.stream().mapToDouble(p -> p.ms() * 1e6).max().orElse(0);
    }

    /** The GC pauses' total in ms (only where measured). */
    public double gcPauseTotalMs() {
        return gcPauses.stream().mapToDouble(GcLog.Pause::ms).sum();
    }

    /** Whether the longest GC pause lasted at least half the spike's max: exactly when the cause is {@code gc}. */
    public boolean gcExplains() {
        return cause == SpikeCause.GC;
    }
}
