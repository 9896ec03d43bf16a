/**
 * JMH benchmarks. {@link handoff.harness.jmh.PipelineThroughput}: saturation throughput of the three-stage
 * pipeline per transport; {@link handoff.harness.jmh.UnicastPublish}: time for one producer to move N items
 * to one consumer. Both take the transport id as a parameter and find it in the registry, and both verify
 * what arrived in their trial tear-down so that a broken transport produces an error, not a number.
 */
package handoff.harness.jmh;
