package handoff.harness.page;

import java.util.List;

/**
 * What a suite contributes to the report: its sections of the main text and of the details appendix (in order),
 * the figure kinds they draw, its sentences for the answer and its lines of the method. The suite registry pairs
 * each suite with its parts, and {@code report.Report} assembles them; adding a suite touches no report code.
 */
public interface ReportParts {
    /** The CSV files this suite writes; the status matrix lists their not-ok rows. */
    List<String> files();

    List<FigureKind> figureKinds();

    /** Where its sections stand among the suites' (lower first; the registry order breaks ties). */
    default int rank() {
        return 100;
    }

    /** Sections for the main report, after the answer and before the published comparison. */
    List<Section> sections();

    /**
     * Sections of the details appendix ({@code report.DetailsSection}), under "Results by figure", in order: typically a
     * {@link DetailSection} per figure kind that shows every figure in full with its table.
     */
    default List<Section> details() {
        return List.of();
    }

    /** Bullets of the details appendix's method: how this suite measures (after the general ones that lead). */
    default List<String> method(RunData run) {
        return List.of();
    }

    /**
     * Plain sentences for "what this run can and cannot support", computed from the run: what this suite's rows
     * can be used for (e.g. "This run cannot rank ...: every row ran 4+ threads on 2 CPUs").
     */
    default List<String> verdicts(RunData run) {
        return List.of();
    }
}
