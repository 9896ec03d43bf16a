/**
 * The {@code echo} suite: a UDP "echo with capitalisation" service over loopback with the hand-off inside it
 * (after the 2013 Disruptor example). Server variants ({@link handoff.harness.echo.InlineServer},
 * {@link handoff.harness.echo.BlockingServer}, {@link handoff.harness.echo.ChainServer} over the rings and every
 * registry transport that fits), closed- and open-loop clients in the trial's JVM, per-request verification,
 * the suite, its CSV schema, and its report part ({@link handoff.harness.echo.EchoSection},
 * {@link handoff.harness.echo.EchoParts}).
 */
package handoff.harness.echo;
