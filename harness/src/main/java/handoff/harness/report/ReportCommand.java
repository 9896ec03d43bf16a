package handoff.harness.report;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Json;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code report <run-dir>}: plot data, figures (optional) and REPORT.md for one run folder. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Generate REPORT.md (and the figures) from one run folder.",
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
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path run = runDir.toPath();
        if (!Files.isDirectory(run)) {
            err.println("report: " + run + " is not a folder");
            return 1;
        }
        RunData data = RunData.load(run);
        Figures figures = Figures.write(data);
        Plotter.Result plotResult = null;
        if (plots) {
            plotResult = Plotter.run(plotsDir.toPath(), run, out);
        }
        Path target = this.out != null ? this.out.toPath() : run.resolve("REPORT.md");
        String md = new ReportWriter(data, figures, target, plotResult).render();
        AtomicFiles.write(target, md);
        out.println("report: wrote " + target);
        out.flush();
        if (plotResult != null && !plotResult.ok()) {
            err.println("report: plotting failed (" + plotResult.summary() + "); the report says which figures are missing");
            return 2;
        }
        return 0;
    }

}
