/**
 * {@code compare} and the regression gate: runs set side by side, and a run of two builds judged. What goes where:
 * <ul>
 *   <li><b>The comparison.</b> {@link Comparer} matches the rows two runs share (file by file, as the suites declare
 *   them) and says per declared metric the ratio and whether the second run differs ({@link ComparedMetric});
 *   {@link CompareRuns} compares every later run with the first, {@link CompareFigure} draws it and
 *   {@link GateFiles} writes its machine-readable verdict (JSON, JUnit XML).</li>
 *   <li><b>The gate.</b> {@link Gate} tests the declared headline rows for a regression beyond a threshold;
 *   {@link GateOptions} and {@link GateExit} are its options and exit codes, the same for {@code compare} and
 *   {@code ab}.</li>
 *   <li><b>The commands.</b> {@link CompareCommand} (with {@link CompareOutcome}, refusing runs of two boxes unless told:
 *   {@link SameBox}); {@code ab}'s verdict on a run of two builds, {@link AbVerdict} over its {@link BuildPair}s.</li>
 * </ul>
 * It reads runs through the report framework (handoff.harness.page) and the study's declared questions and verdicts
 * from handoff.harness.report ({@code Declared}, {@code DeclaredVerdicts}); neither imports it. It names no suite:
 * which files, rows and metrics it compares comes from the suites' declarations ({@code results.Schemas}) and the
 * study's.
 */
package handoff.harness.gate;
