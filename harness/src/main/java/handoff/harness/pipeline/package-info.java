/**
 * The open-loop latency engine for pipelines ({@link handoff.harness.pipeline.OpenLoopRun}): a fixed offered
 * rate, intended send times carried in every event, end-to-end and per-hop HdrHistograms.
 */
package handoff.harness.pipeline;
