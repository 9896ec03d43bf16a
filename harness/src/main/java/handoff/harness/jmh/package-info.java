/**
 * What the JMH benchmarks share: {@link handoff.harness.jmh.Drain} (waiting for a batch to arrive with the
 * trial's wait strategy), {@link handoff.harness.jmh.TrialFailure} (a broken transport reported as an error,
 * not a number) and {@link handoff.harness.jmh.CpuProfiler}. The benchmarks themselves live beside their
 * suites (e.g. {@code handoff.harness.pipeline.PipelineThroughput}, {@code UnicastPublish}); the Disruptor
 * comparison's is still here until its package takes it over.
 */
package handoff.harness.jmh;
