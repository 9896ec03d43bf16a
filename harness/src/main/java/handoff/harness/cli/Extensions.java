package handoff.harness.cli;

import java.util.List;

/** Sub-commands that live outside this package (report generation, run comparison, the fleet: export, collect, compare-boxes). */
final class Extensions {
    private Extensions() {
    }

    static List<Object> commands() {
        return List.of(new ReportCommand(), new handoff.harness.report.CompareCommand(), new handoff.harness.fleet.ExportCommand(),
                new handoff.harness.fleet.CollectCommand(), new handoff.harness.fleet.CompareBoxesCommand());
    }
}
