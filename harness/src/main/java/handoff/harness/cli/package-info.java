/**
 * The command line: {@link handoff.harness.cli.Main} and its sub-commands. {@code sweep}'s options are one table,
 * {@link handoff.harness.cli.SweepOptions} (a {@link handoff.harness.cli.SweepOption} per option: name, value, help,
 * default per profile, how it enters the plan, what the manifest says of it, whether it is kept for {@code --resume}),
 * which makes the picocli options, the {@link handoff.harness.trial.SweepPlan} (a value per
 * {@link handoff.harness.trial.PlanKey}), {@code sweep.properties} and the manifest's {@code plan}; what a value may be
 * is its row's {@link handoff.harness.cli.OptionKind} (the parsers beyond the common kinds are in
 * {@link handoff.harness.cli.OptionRanges}).
 * Bad input is a typed exception ({@link handoff.harness.cli.Main.BadInput}, exit 2, one line, nothing written);
 * {@link handoff.harness.sweep.RunFolderBusy} (exit 2) and {@link handoff.harness.results.WriteFailed} (exit 74) carry
 * their own exit codes. Nothing here recognises an exception by its message.
 */
package handoff.harness.cli;
