/**
 * The study's report: it turns a run folder, or a study of several ({@link Study}), into {@code REPORT.md}, its
 * appendices and the repository's top page, and it holds the study's declared questions and the verdicts a run reaches
 * on them. It is built on the report framework (handoff.harness.page) and, unlike it, names the study's suites and
 * questions where it must (the pipeline's decision table, RTT against its baseline, ours ÷ LMAX, the published
 * comparison); it imports no suite's package. What goes where:
 * <ul>
 *   <li><b>The report.</b> {@link Report} is an ordered list of sections ({@code page.Section}) writing into a page
 *   ({@code page.Page}): the header ({@link HeaderSection}) and the answer ({@link SupportSection}) first, then each
 *   suite's sections in rank order, the published comparison, the rows without numbers ({@link StatusSection}), the
 *   details appendix ({@link DetailsSection}, itself an ordered list: {@link EnvironmentSection},
 *   {@link MethodSection}, then each suite's detail sections) and how to reproduce ({@link ReproduceSection}). The
 *   suites' parts ({@code page.ReportParts}) come from the suite registry through the caller. {@link ReportWriter} is one
 *   generation, what {@code report} runs; {@link TopPage} is the top page ({@code --top}, {@code --beside}).</li>
 *   <li><b>Sections of the study</b>: the headline answers ({@link HeadlineSection}), a box at a glance
 *   ({@link GlanceSection}), two boxes side by side ({@link BesideSection}), the runtime comparison
 *   ({@link RuntimeSection}), the published comparison ({@link PublishedSection}, from {@link Published}, judged by
 *   {@link Agreement}) and the sources' claims ({@link ClaimsSection}), the tail over time ({@link TimelineParts},
 *   {@link TailSection}), and where each suite of a study comes from ({@link StudySection}, {@link Provenance},
 *   {@link RecordedPlan}).</li>
 *   <li><b>The declared questions and their verdicts</b>: {@link Declared} (declared before any trial),
 *   {@link DeclaredVerdicts} (one run's verdicts on them), {@link VerdictKey} (the name of one), {@link Pilot} (which of
 *   them quick judges on a box) and {@link Citability} (whether one can be cited). {@code compare} and its gate
 *   (handoff.harness.gate), the sweep and the fleet read them from here; this package imports none of them.</li>
 * </ul>
 */
package handoff.harness.report;
