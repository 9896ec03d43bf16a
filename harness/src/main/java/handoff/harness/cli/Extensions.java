package handoff.harness.cli;

import java.util.List;

/** Sub-commands that live outside this package (report generation, run comparison). */
final class Extensions {
    private Extensions() {
    }

    static List<Object> commands() {
        return List.of(new ReportCommand(), new handoff.harness.report.CompareCommand());
    }
}
