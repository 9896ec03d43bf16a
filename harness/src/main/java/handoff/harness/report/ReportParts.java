package handoff.harness.report;

import java.util.List;

/**
 * What a suite contributes to the report: its sections (in order) and the figure kinds they draw. The suite
 * registry pairs each suite with its parts, and {@link Report} assembles them; adding a suite touches no
 * report code.
 */
public interface ReportParts {
    /** The CSV files this suite writes; the status matrix lists their not-ok rows. */
    List<String> files();

    List<FigureKind> figureKinds();

    /** Sections for the main report, after the answer and before the published comparison. */
    List<Section> sections();
}
