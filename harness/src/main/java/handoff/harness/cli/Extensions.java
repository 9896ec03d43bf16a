package handoff.harness.cli;

import java.util.List;

/** Sub-commands that live outside this package (report generation, run comparison, the fleet: export, collect, compare-boxes). */
final class Extensions {
    private Extensions() {
    }

    static List<Object> commands() {
        // collect and compare-boxes as command lines of their own: picocli applies a command's model transformer (the
        // driver's place and version in their help, fleet.Duck.Help) only to a command line made from it directly
        return List.of(new ReportCommand(), new handoff.harness.gate.CompareCommand(), new handoff.harness.fleet.ExportCommand(),
                new picocli.CommandLine(new handoff.harness.fleet.CollectCommand()),
                new picocli.CommandLine(new handoff.harness.fleet.CompareBoxesCommand()));
    }
}
