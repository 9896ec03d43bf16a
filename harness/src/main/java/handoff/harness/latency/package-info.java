/**
 * The latency suite ({@link handoff.harness.latency.LatencySuite}): pipelines driven open-loop ({@code openloop}) at
 * each configuration's own sustainable rate and at a common rate, its rows ({@link handoff.harness.latency.LatencyRows}:
 * each fork's trial parsed once, typed rows written from the column tables of {@link handoff.harness.latency.LatencyCsv}),
 * the sustainable-rate probe ({@link handoff.harness.latency.SustainableProbe}) and the rate other suites ask for
 * ({@link handoff.harness.latency.SustainableRate}). Its rows are reported by the pipeline part ({@code pipelinereport}).
 */
package handoff.harness.latency;
