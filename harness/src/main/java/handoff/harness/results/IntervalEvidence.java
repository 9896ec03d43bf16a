package handoff.harness.results;

/**
 * What a latency trial measured in one interval of its interval log beside the interval's latencies
 * ({@link TrialEvidence#interval}): the measures of {@code latency-over-time.csv}. NaN or null is unknown (no log, no
 * alignment, not Linux): an empty cell, never 0.
 *
 * @param gcPauseMaxNs  the longest GC pause overlapping the interval; 0 if none
 * @param safepoints    the safepoint operations overlapping it; null where not measured
 * @param sched         the scheduler's figures by role in it; null where not measured
 * @param jitterMaxNs   the jitter thread's latest wake-up in it
 * @param jitterStallNs that less the jitter thread's floor (its median over the window)
 */
public record IntervalEvidence(double gcPauseMaxNs, SafepointSpan safepoints, SchedLine sched, double jitterMaxNs,
                               double jitterStallNs) {
    /** One role's figures; {@link RoleSched#UNKNOWN} where not measured. */
    public RoleSched role(SchedRole role) {
        return sched == null ? RoleSched.UNKNOWN : sched.of(role);
    }
}
