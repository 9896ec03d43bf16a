/**
 * The open-loop latency engine for pipelines ({@link handoff.harness.pipeline.OpenLoopRun}): a fixed offered
 * rate, intended send times carried in every event, end-to-end and per-hop HdrHistograms. Its part of the report
 * ({@link handoff.harness.pipeline.PipelineReport}): the decision table and the main figures, and for the details
 * appendix ({@link handoff.harness.pipeline.PipelineDetails}) the latency distributions, latency against load, the
 * per-hop breakdown and allocation, each a figure kind of its own.
 */
package handoff.harness.pipeline;
