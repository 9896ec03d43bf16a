/**
 * The open-loop engine for pipelines ({@link handoff.harness.openloop.OpenLoopRun}): a fixed offered rate
 * ({@link handoff.harness.openloop.Schedule}, {@link handoff.harness.openloop.Pacer}), intended send times carried in
 * every event, end-to-end and per-hop HdrHistograms. Used by the latency suite ({@code latency}) and the overload suite
 * ({@code overload}).
 */
package handoff.harness.openloop;
