package handoff.harness.results;

/**
 * A line of {@code spikes.csv} ({@link SpikesCsv#SPIKES}): one spike, an interval whose max is more than
 * {@link Spikes#FACTOR}× its trial's p99, with its evidence and cause.
 *
 * @param interval      the interval
 * @param uptimeStartMs the interval's start in the JVM's uptime; null when the log does not record the JVM's start
 * @param uptimeEndMs   its end, likewise
 * @param trialP99Ns    the trial's p99 over all its intervals
 * @param evidence      what was measured in its evidence window, and the cause
 * @param files         the trial's files the evidence was read from
 */
public record SpikeRow(IntervalLine interval, Long uptimeStartMs, Long uptimeEndMs, long trialP99Ns, SpikeEvidence evidence,
                       EvidenceFiles files) {
    /** Whether the interval could be lined up with the JVM's uptime (and so with its GC and safepoint logs). */
    public boolean aligned() {
        return uptimeStartMs != null;
    }
}
