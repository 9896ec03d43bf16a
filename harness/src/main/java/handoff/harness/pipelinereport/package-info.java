/**
 * The part of the report for the pipeline and latency suites ({@link handoff.harness.pipelinereport.PipelineReport}):
 * the decision table and the main figures, and for the details appendix ({@code PipelineDetails}) the latency
 * distributions, latency against load, the per-hop breakdown and allocation, each a figure kind of its own. A package
 * of its own because it reads both suites' rows: {@code latency} uses {@code pipeline}, and this uses both.
 */
package handoff.harness.pipelinereport;
