/**
 * The pipeline saturation suite ({@link handoff.harness.pipeline.PipelineSuite}, JMH benchmark
 * {@link handoff.harness.pipeline.PipelineThroughput}). Saturation throughput has two axes beside transport × producers
 * × wait × workers ({@link handoff.harness.pipeline.PipelineAxes}): {@code consume}, whether queue stages take one event
 * per poll or drain their hop (rings always batch), and {@code buffering}, whether {@code --capacity} bounds each hop or
 * the pipeline's total (the equal-buffering control). Every row reports its mean batch, empty polls and failed offers
 * from the stage threads' own counters ({@link handoff.harness.pipeline.HandoffCounters},
 * {@link handoff.harness.pipeline.CountsResult}). Other suites ask for its rate through
 * {@link handoff.harness.pipeline.SaturationRate}. Its rows are typed ({@code PipelineRow}: the forks folded by
 * {@link handoff.harness.jmhsuite.JmhSuite}'s fold, each trial parsed once) and written from one column table per file
 * ({@code PipelineCsv}: {@code pipeline.csv} and {@code pipeline-variants.csv}). Its part of the report, shared with
 * the latency suite, is in {@code pipelinereport}, which still reads {@code pipeline.csv} back as rows of cells.
 */
package handoff.harness.pipeline;
