package handoff.harness.latency;

import handoff.harness.trial.Status;

/**
 * One row of {@code pipeline-capacity.csv}, typed: a configuration's search for its sustainable open-loop rate and
 * its capacity at the latency budget ({@link SustainableProbe}), as its first fork found them. Built by
 * {@link LatencyRows#fold}; its cells are {@link LatencyCsv#CAPACITY}'s.
 *
 * @param search the first fork's results, null where it carries none
 * @param pacer  the pacer the first fork used, null where it does not say
 * @param status over forks: the first that is not ok
 */
record CapacityRow(LatencyTrial.Setup setup, LatencyTrial.Search search, String pacer, Status status) {
}
