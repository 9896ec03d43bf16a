/**
 * What a trial measures beside its own numbers: CPU, heap, GC pauses and safepoints of the trial JVM
 * ({@link handoff.harness.meters.ResourceMeter}), its threads and their scheduling
 * ({@link handoff.harness.meters.TrialThreads}, {@link handoff.harness.meters.ThreadActivity}), the jitter baseline and
 * spike causes ({@link handoff.harness.meters.TailProbe}), and the JMH profiler of the same
 * ({@link handoff.harness.meters.WhyProfiler}). See docs/measurement.md.
 */
package handoff.harness.meters;
