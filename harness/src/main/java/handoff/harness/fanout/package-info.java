/**
 * The {@code fanout} suite: the in-memory event broker of the dev.to post (published-results §F) built three
 * ways ({@link handoff.harness.fanout.Broker}: as published, direct, per-subscriber hand-off over every registry
 * transport), and LMAX's multicast and diamond topologies over every transport that can express them
 * ({@link handoff.harness.fanout.Topologies}); every dispatch and event verified. The suite, its CSV schema and its
 * report part ({@link handoff.harness.fanout.FanoutParts}).
 */
package handoff.harness.fanout;
