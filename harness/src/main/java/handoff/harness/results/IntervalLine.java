package handoff.harness.results;

/**
 * One interval of a trial's interval log as the tail files print it: the trial, the interval's start and end in ms
 * since the trial's window opened, and its latencies.
 */
public record IntervalLine(TrialLabels labels, long startMs, long endMs, LatencyQuantiles latency) {
}
