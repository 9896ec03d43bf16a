/**
 * The base of the suites whose trial is one JMH invocation ({@link handoff.harness.jmhsuite.JmhSuite}): the JMH
 * options and the reading of its results ({@link handoff.harness.jmhsuite.JmhRunner}: the trial's properties, written
 * once), the optional profilers ({@link handoff.harness.jmhsuite.JmhExtras}), and the fold of one-fork trials into
 * typed rows: each trial parsed once ({@link handoff.harness.jmhsuite.JmhFork}, with the suite's
 * {@link handoff.harness.jmhsuite.JmhMeasure}s), the forks of a configuration folded into a
 * {@link handoff.harness.jmhsuite.JmhRow}, whose cells the suite's column table prints.
 */
package handoff.harness.jmhsuite;
