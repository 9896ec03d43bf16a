/**
 * The {@code disruptor} suite: the hand-rolled Disruptor against LMAX Disruptor 4 in five topologies, its
 * runner ({@link handoff.harness.versus.DisruptorSuite}: forks of both sides interleaved, one per JVM), its
 * JMH benchmark ({@link handoff.harness.versus.DisruptorVsLmax}, both rings wired alike by
 * {@link handoff.harness.versus.OursRig} and {@link handoff.harness.versus.LmaxRig}) and its CSVs
 * ({@link handoff.harness.versus.VersusCsv}: {@code disruptor.csv}, {@code disruptor-ratio.csv}); its part of the
 * report: the paired ratio figure ({@link handoff.harness.versus.VersusParts}) and, in the details appendix, both
 * rings' JMH scores ({@link handoff.harness.versus.JmhScoresFigure}); and temporal slipping in the open
 * ({@link handoff.harness.versus.SlipSection}): each judged row rotates ours, ours with the slip off
 * ({@code disruptor-noslip}) and LMAX, so ring against ring and the slip's own effect are rows with verdicts of their own,
 * set beside the slip's RTT latency cost and the pipeline's saturation of both.
 *
 * <p>1P→1C also runs as {@link handoff.harness.versus.Bench} variants (issue 31): batch publishing, 10 and 100 slots
 * per {@code next(n)}/{@code publish(lo, hi)} on both rings, paired ours vs LMAX like every other row, the data for
 * the 2015 talk's "but… batch methods" remark and the 2026 pipeline article's batch section; and the false-sharing
 * control, a minimal ring ({@link handoff.harness.versus.PairRig}) with its two sequences on one cache line against
 * the same ring padded ({@link handoff.harness.versus.SequencePair}), paired unpadded vs padded, the data for the
 * article's "40-100 ns penalty on every iteration" ({@code published-results.md} §D). The control is a benchmark-only
 * ring: the study's Disruptor keeps its padded sequences.
 */
package handoff.harness.versus;
