package handoff.harness.cli;

import handoff.harness.fleet.CollectCommand;
import handoff.harness.fleet.CompareBoxesCommand;
import handoff.harness.fleet.ExportCommand;
import handoff.harness.gate.CompareCommand;

import java.util.List;

/** Sub-commands that live outside this package (report generation, run comparison, the fleet: export, collect, compare-boxes). */
final class Extensions {
    private Extensions() {
    }

    static List<Object> commands() {
        // collect and compare-boxes as command lines of their own: picocli applies a command's model transformer (the
        // driver's place and version in their help, fleet.Duck.Help) only to a command line made from it directly
        return List.of(new ReportCommand(), new CompareCommand(), new ExportCommand(),
                new picocli.CommandLine(new CollectCommand()),
                new picocli.CommandLine(new CompareBoxesCommand()));
    }
}
