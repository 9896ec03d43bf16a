package handoff.harness.results;

/**
 * A line of {@code jitter.csv} ({@link SpikesCsv#JITTER}): one latency trial's latencies beside its jitter thread's
 * wake-ups over the same window, and how many of its intervals were spikes and how many of those have a cause.
 *
 * @param trial     the trial's samples, all intervals merged
 * @param periodUs  the jitter thread's period as the trial recorded it; null where it has none
 * @param jitter    the jitter thread's lateness (no samples: it did not run)
 * @param intervals the intervals of the trial's log
 * @param spikes    those that are spikes
 * @param explained those spikes whose cause is not {@code unexplained}
 */
public record JitterRow(TrialLabels labels, LatencyQuantiles trial, Long periodUs, LatencyQuantiles jitter, int intervals,
                        int spikes, int explained) {
}
