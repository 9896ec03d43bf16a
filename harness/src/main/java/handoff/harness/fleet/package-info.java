/**
 * Beyond one box (README "Many boxes"): every run's per-fork values as one tidy long table ({@code forks.csv},
 * {@code export}), many runs in one embedded DuckDB file ({@code collect}), and the declared questions judged per box
 * and set side by side ({@code compare-boxes}), never pooling absolute figures across machines. It reads run folders
 * through the report framework ({@code page.RunData}), the study's declared questions ({@code report.Declared}) and the
 * statistics of {@code trial}.
 */
package handoff.harness.fleet;
