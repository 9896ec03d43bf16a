package handoff.harness.latency;

/**
 * One row of {@code pipeline-hops.csv}, typed: one hop ({@link LatencySuite#HOPS}) of an ok latency row, its
 * percentiles folded over forks as the row's. Built by {@link LatencyRows#fold}; its cells are {@link LatencyCsv#HOPS}'.
 *
 * @param row  the latency row it belongs to (its configuration, offered rate and {@code oversubscribed})
 * @param hop  e.g. {@code publish->parse}
 * @param hgrm the path of all forks' histograms of the hop merged, in the run folder
 */
record HopRow(LatencyRow row, String hop, ForkPercentiles latency, String hgrm) {
}
