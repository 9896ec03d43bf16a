/**
 * The {@code echo} suite: a UDP "echo with capitalisation" service over loopback with the hand-off inside it
 * (after the 2013 Disruptor example). Server variants ({@link handoff.harness.echo.InlineServer},
 * {@link handoff.harness.echo.BlockingServer}, {@link handoff.harness.echo.ChainServer} over the rings and every
 * registry transport that fits), closed- and open-loop clients in the trial's JVM, per-request verification,
 * the suite, its CSV ({@link handoff.harness.echo.EchoCsv}'s column table over the typed rows
 * {@link handoff.harness.echo.EchoRow}, folded from each fork's parts parsed once, {@link handoff.harness.echo.PartResult}),
 * and its report part, which reads the file back once into {@link handoff.harness.echo.EchoLine} rows
 * ({@link handoff.harness.echo.EchoSection}, {@link handoff.harness.echo.EchoParts}).
 */
package handoff.harness.echo;
