/**
 * The base of the suites whose trial is one JMH invocation ({@link handoff.harness.jmhsuite.JmhSuite}): the JMH
 * options and the reading of its results ({@link handoff.harness.jmhsuite.JmhTrial}), and the optional profilers
 * ({@link handoff.harness.jmhsuite.JmhExtras}).
 */
package handoff.harness.jmhsuite;
