/**
 * What a trial measures beside its own numbers: GC, allocation, CPU and the scheduler's view over a measurement
 * window ({@link handoff.harness.meters.ResourceMeter}), its threads and their scheduling
 * ({@link handoff.harness.meters.TrialThreads}, {@link handoff.harness.meters.ThreadActivity}), the jitter baseline and
 * spike causes ({@link handoff.harness.meters.TailProbe}), and the scheduler's view of a JMH iteration
 * ({@link handoff.harness.meters.WhyProfiler}). See docs/measurement.md.
 */
package handoff.harness.meters;
