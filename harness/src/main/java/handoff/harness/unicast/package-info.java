/**
 * The unicast suite ({@link handoff.harness.unicast.UnicastSuite}, JMH benchmark
 * {@link handoff.harness.unicast.UnicastPublish}) and its part of the report
 * ({@link handoff.harness.unicast.UnicastReport}, which still reads {@code unicast.csv} back as rows of cells). Its rows
 * are typed ({@link handoff.harness.jmhsuite.JmhRow}, each trial parsed once) and written from one column table
 * ({@code UnicastCsv}).
 */
package handoff.harness.unicast;
