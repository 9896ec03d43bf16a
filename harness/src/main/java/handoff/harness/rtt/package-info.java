/**
 * The {@code rtt} suite: closed-loop round trips through each transport's send path and a fixed SPSC reply path
 * ({@link handoff.harness.rtt.RttRun}, {@link handoff.harness.rtt.RttSuite}). Its CSV: each fork's trial parsed once
 * ({@link handoff.harness.rtt.RttTrial}), folded into typed rows ({@link handoff.harness.rtt.RttRows},
 * {@link handoff.harness.rtt.RttRow}) and written from the file's one column table ({@link handoff.harness.rtt.RttCsv}:
 * header, writer, schema, reader, README lines). Its part of the report
 * ({@link handoff.harness.rtt.RttParts}, which reads rtt.csv back as the report's rows): the P=1 figure of medians
 * with their intervals and the baseline-floor finding; for the details appendix ({@link handoff.harness.rtt.RttDetails})
 * the bars per transport × producers ({@link handoff.harness.rtt.RttBarsFigure}) and the percentile distributions
 * ({@link handoff.harness.rtt.RttHdrFigure}), and its bullet of the method.
 */
package handoff.harness.rtt;
