/**
 * The report framework: it turns a run folder into {@code REPORT.md}, its appendices and the data its figures are
 * drawn from, and names no suite. What goes where:
 * <ul>
 *   <li><b>The model.</b> {@link handoff.harness.report.Report} is an ordered list of
 *   {@link handoff.harness.page.Section}s writing into a {@link handoff.harness.page.Doc} (a page: the main text or
 *   an appendix file, {@link handoff.harness.page.Doc#page}); every appendix is such a page, and the details
 *   appendix is itself an ordered list of sections ({@link handoff.harness.report.DetailsSection}: environment,
 *   method, then each suite's detail sections) whose headings number themselves. Every figure, main or detail, is
 *   a {@link handoff.harness.page.FigureKind} that owns its data files, its gnuplot script, and each figure's
 *   table and caption ({@link handoff.harness.page.Plot}); {@code figures.list} names each figure once, and
 *   plot-all.sh draws it by name. There is no other way to make a figure.</li>
 *   <li><b>What a suite contributes</b> ({@link handoff.harness.page.ReportParts}, paired with the suite in the
 *   registry, handoff.harness.suites): its figure kinds, its sections of the main text, its sections of the details
 *   appendix (usually a {@link handoff.harness.page.DetailSection} per kind), its bullets of the method and its
 *   sentences for the answer. Those classes live in the suite's package (rtt, pipeline, versus, echo, fanout,
 *   overload), which imports this one; this package never imports them.</li>
 *   <li><b>Sections of the framework</b>: the header, the answer ({@link handoff.harness.report.SupportSection}), the
 *   runtime comparison, the published comparison, the rows without numbers, the details appendix's environment and
 *   method, how to reproduce.</li>
 *   <li><b>Helpers a kind draws with</b>: {@link handoff.harness.page.IntervalChart} (intervals.gp),
 *   {@link handoff.harness.page.PercentileChart} (hdr.gp, from the .hgrm files),
 *   {@link handoff.harness.page.FigureData} (the include header, file names, ranges) and
 *   {@link handoff.harness.page.Gp}; for tables {@link handoff.harness.page.Md} and
 *   {@link handoff.harness.page.Fmt}; for tested words {@link handoff.harness.page.TestedClaims}.</li>
 *   <li><b>Reading a run</b>: {@link handoff.harness.page.RunData}, {@link handoff.harness.page.Csv},
 *   {@link handoff.harness.page.Row}, {@link handoff.harness.page.Manifest},
 *   {@link handoff.harness.page.Traits}; and {@code compare}, which sets two runs side by side.</li>
 * </ul>
 * Adding a figure: a {@code FigureKind} in the suite's package, returned by its parts' {@code figureKinds()}, shown
 * by one of its sections (main text: {@link handoff.harness.page.Doc#figure}; an appendix:
 * {@link handoff.harness.page.Doc#figureInFull}); a new script goes under plots/ and takes the figure as {@code name}.
 */
package handoff.harness.report;
