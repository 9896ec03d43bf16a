/**
 * Running a plan: {@link handoff.harness.sweep.Sweep} runs every trial in a fresh JVM under a watchdog
 * ({@link handoff.harness.sweep.ChildJvm}), writes each as it finishes, rebuilds the suite's CSV, and resumes by
 * running only what a run folder lacks. After the plan's forks (the minimum every configuration gets, interleaved),
 * {@link handoff.harness.sweep.ForkRounds} spends the rest of the time budget ({@code --budget}) on further forks
 * where a suite's verdict is still open ({@link handoff.harness.trial.Judged}, decided by
 * {@link handoff.harness.trial.ForkPlanner}), checking each trial's calibrated estimate
 * ({@link handoff.harness.sweep.Calibration}) against the run's measured time; {@link handoff.harness.sweep.ForkGrants}
 * records what each configuration received and why in the manifest ({@link handoff.harness.sweep.ManifestWriter}).
 */
package handoff.harness.sweep;
