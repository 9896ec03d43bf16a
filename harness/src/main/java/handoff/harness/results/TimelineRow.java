package handoff.harness.results;

/**
 * A line of {@code latency-over-time.csv} ({@link SpikesCsv#TIMELINE}): one interval of a trial, what the trial
 * measured in it, and the cause of its spike (null when the interval is not a spike).
 */
public record TimelineRow(IntervalLine interval, IntervalEvidence evidence, SpikeCause cause) {
    /** Whether the interval is a spike (every spike has a cause, if only {@code unexplained}). */
    public boolean spike() {
        return cause != null;
    }
}
