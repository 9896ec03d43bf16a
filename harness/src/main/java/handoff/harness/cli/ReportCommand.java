package handoff.harness.cli;

import handoff.harness.report.ReportRun;
import handoff.harness.suites.Suites;
import handoff.harness.sweep.Git;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code report <run-dir>}: plot data, figures (optional), REPORT.md and its appendices for one run folder. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Generate REPORT.md, its appendices (in the run folder) and the figures from one run folder.",
                "Always writes the plot data to <run>/plots/data/; with --plots also runs <plots-dir>/plot-all.sh.",
                "Exit: 0 report written; 1 report not written; 2 report written but plotting failed."})
public final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "the run folder, e.g. results/20250101-120000-abc1234")
    File runDir;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write the report (default: <run>/REPORT.md)")
    File out;

    @Option(names = "--plots", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "run plot-all.sh before writing the report (default: ${DEFAULT-VALUE})")
    boolean plots;

    @Option(names = "--plots-dir", paramLabel = "DIR", defaultValue = "plots",
            description = "folder holding plot-all.sh and the .gp scripts (default: ${DEFAULT-VALUE}, relative to the working directory)")
    File plotsDir;

    @Spec
    CommandSpec spec;

    public ReportCommand() {
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ReportCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path run = runDir.toPath();
        if (!Files.isDirectory(run)) {
            err.println("report: " + run + " is not a folder");
            return 1;
        }
        Path target = out != null ? out.toPath() : run.resolve("REPORT.md");
        Git git = Git.probe();
        String generator = git.commit() + (git.dirty() ? " (dirty working tree)" : "");
        int rc = ReportRun.generate(run, target, plots, plotsDir.toPath(), Suites.reportParts(), generator, o, err);
        if (rc != 1) {
            tidy(run, o, err);
        }
        return rc;
    }

    /** The run's per-fork values as forks.csv beside its CSVs (README "Many boxes"); a damaged folder gets none, and says why. */
    private static void tidy(Path run, PrintWriter o, PrintWriter err) throws java.io.IOException {
        String damage = handoff.harness.fleet.Damage.of(run);
        if (damage != null) {
            err.println("report: no " + handoff.harness.fleet.TidyForks.FILE + ": " + damage);
            return;
        }
        int n = handoff.harness.fleet.ExportCommand.write(run, run.resolve(handoff.harness.fleet.TidyForks.FILE));
        o.println("report: " + n + " per-fork values in " + run.resolve(handoff.harness.fleet.TidyForks.FILE));
    }
}
