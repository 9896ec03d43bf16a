/**
 * The statistics of docs/statistics.md: summaries and intervals of a configuration's forks
 * ({@link handoff.harness.stats.Stats}), the comparisons and their tests ({@link handoff.harness.stats.Comparison},
 * {@link handoff.harness.stats.LogT}, {@link handoff.harness.stats.RankTest},
 * {@link handoff.harness.stats.SignedRankTest}), family-wise correction ({@link handoff.harness.stats.Holm}), verdicts
 * and rankings, the steady-state and warm-up trend tests, and the planning of forks
 * ({@link handoff.harness.stats.ForkPlanner}, {@link handoff.harness.stats.PredictedPower}). Numbers in, numbers out:
 * nothing here knows a suite or a trial.
 */
package handoff.harness.stats;
