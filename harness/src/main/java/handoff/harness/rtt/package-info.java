/**
 * The {@code rtt} suite: closed-loop round trips through each transport's send path and a fixed SPSC reply path
 * ({@link handoff.harness.rtt.RttRun}, {@link handoff.harness.rtt.RttSuite}). Its part of the report
 * ({@link handoff.harness.rtt.RttParts}): the P=1 figure of medians with their intervals and the baseline-floor
 * finding; for the details appendix ({@link handoff.harness.rtt.RttDetails}) the bars per transport × producers
 * ({@link handoff.harness.rtt.RttBarsFigure}) and the percentile distributions
 * ({@link handoff.harness.rtt.RttHdrFigure}), and its bullet of the method.
 */
package handoff.harness.rtt;
