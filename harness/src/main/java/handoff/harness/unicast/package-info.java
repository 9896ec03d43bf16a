/**
 * The unicast suite ({@link handoff.harness.unicast.UnicastSuite}, JMH benchmark
 * {@link handoff.harness.unicast.UnicastPublish}) and its part of the report
 * ({@link handoff.harness.unicast.UnicastReport}).
 */
package handoff.harness.unicast;
