/**
 * Running a plan: {@link handoff.harness.sweep.Sweep} runs every trial in a fresh JVM under a watchdog
 * ({@link handoff.harness.sweep.ChildJvm}), writes each as it finishes, rebuilds the suite's CSV, and resumes by
 * running only what a run folder lacks. Before the first trial {@link handoff.harness.sweep.PlanFit} fixes the plan by
 * the suites' time model: in quick the suites' plan for the box taken in {@link handoff.harness.sweep.Headline}'s order
 * of priority while it fits the budget ({@code --budget}), the rest deferred to full and named; then the further rounds
 * the budget left buys per declared table ({@link handoff.harness.sweep.RoundPlan}), every configuration of a table once
 * more a round, as a block. While it runs, {@link handoff.harness.sweep.BudgetKeeper} keeps the budget at this run's own
 * pace ({@link handoff.harness.sweep.Pace}): it defers the lowest-priority groups that no longer fit, never the judged
 * rows, and runs groups the model left out where the run is ahead. Estimates come from the time model calibrated by runs
 * of a box of the same size ({@link handoff.harness.sweep.Calibration}); the manifest
 * ({@link handoff.harness.sweep.ManifestWriter}) keeps the fit, what was deferred and the rounds planned and run.
 */
package handoff.harness.sweep;
