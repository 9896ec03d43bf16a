/**
 * The report framework: the page a report is written into, its figures and tables, and reading a run folder. The
 * study's report (handoff.harness.report), {@code compare} and its gate (handoff.harness.gate) and each suite's report
 * parts build on it; it imports none of them, and no suite's package. What goes where:
 * <ul>
 *   <li><b>The page.</b> A {@link Section} writes into a {@link Page} (a page: the main text or an appendix file,
 *   {@link Page#page}). Every figure, main or detail, is a {@link FigureKind} that owns its data files, its gnuplot
 *   script, and each figure's table and caption ({@link Plot}); {@code figures.list} names each figure once, and
 *   plot-all.sh draws it by name ({@link Plotter}). There is no other way to make a figure.</li>
 *   <li><b>What a suite contributes</b> ({@link ReportParts}, paired with the suite in the registry,
 *   handoff.harness.suites): its figure kinds, its sections of the main text, its sections of the details appendix
 *   (usually a {@link DetailSection} per kind; a {@link FigureSection} is a section that is its own kind), its bullets
 *   of the method and its sentences for the answer. Those classes live in the suite's package (rtt, pipelinereport,
 *   versus, echo, fanout, overload, unicast), which imports this one.</li>
 *   <li><b>Helpers a kind draws with</b>: {@link IntervalChart} (intervals.gp), {@link PercentileChart} (hdr.gp, from
 *   the .hgrm files: {@link Hgrm}), {@link FigureData} (the include header, file names, ranges) and
 *   {@link GnuplotInclude}; for tables {@link MarkdownTable} and {@link NumberText}; for fixed sentences {@link Prose} (the
 *   resources handoff/report/text/*.md); for tested words {@link TestedClaims}.</li>
 *   <li><b>Reading a run</b>: {@link RunData}, {@link CsvFile}, {@link Header}, {@link TextLine}, {@link Manifest},
 *   {@link Traits}, {@link BoxLabel} (the machine, as the report labels it), {@link Selector}, {@link JmhWindow},
 *   {@link JitterTail}.</li>
 * </ul>
 * It names no suite's classes; {@link RunData} does name the result files the study's sections read
 * ({@link RunData#RTT}, {@link RunData#PIPELINE}, …), whose contents are the suites' declarations.
 * Adding a figure: a {@code FigureKind} in the suite's package, returned by its parts' {@code figureKinds()}, shown
 * by one of its sections (main text: {@link Page#figure}; an appendix: {@link Page#figureInFull}); a new script goes
 * under plots/ and takes the figure as {@code name}.
 */
package handoff.harness.page;
