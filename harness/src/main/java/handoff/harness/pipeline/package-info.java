/**
 * The open-loop latency engine for pipelines ({@link handoff.harness.pipeline.OpenLoopRun}): a fixed offered
 * rate, intended send times carried in every event, end-to-end and per-hop HdrHistograms. Its part of the report
 * ({@link handoff.harness.pipeline.PipelineReport}): the decision table and the main figures, and for the details
 * appendix ({@link handoff.harness.pipeline.PipelineDetails}) the latency distributions, latency against load, the
 * per-hop breakdown and allocation, each a figure kind of its own.
 *
 * <p>Saturation throughput ({@link handoff.harness.pipeline.PipelineThroughput}, suite
 * {@link handoff.harness.pipeline.PipelineSuite}) has two axes beside transport × producers × wait × workers
 * ({@link handoff.harness.pipeline.PipelineAxes}): {@code consume}, whether queue stages take one event per poll or
 * drain their hop (rings always batch), and {@code buffering}, whether {@code --capacity} bounds each hop or the
 * pipeline's total (the equal-buffering control). Every row reports its mean batch, empty polls and failed offers from
 * the stage threads' own counters ({@link handoff.harness.pipeline.HandoffCounters},
 * {@link handoff.harness.pipeline.CountsResult}).
 */
package handoff.harness.pipeline;
