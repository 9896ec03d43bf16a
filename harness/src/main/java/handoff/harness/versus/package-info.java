/**
 * The {@code disruptor} suite: the hand-rolled Disruptor against LMAX Disruptor 4 in five topologies, its
 * runner ({@link handoff.harness.versus.DisruptorSuite}: forks of both sides interleaved, one per JVM), its
 * JMH benchmark ({@link handoff.harness.versus.DisruptorVsLmax}, both rings wired alike by
 * {@link handoff.harness.versus.OursRig} and {@link handoff.harness.versus.LmaxRig}) and its CSVs
 * ({@link handoff.harness.versus.VersusCsv}: {@code disruptor.csv}, {@code disruptor-ratio.csv}); its part of the
 * report: the paired ratio figure ({@link handoff.harness.versus.VersusParts}) and, in the details appendix, both
 * rings' JMH scores ({@link handoff.harness.versus.JmhScoresFigure}).
 */
package handoff.harness.versus;
