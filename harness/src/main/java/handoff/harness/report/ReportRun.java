package handoff.harness.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One report generation: the figure data of every part, plot-all.sh when asked, then the report and its
 * appendices. What the {@code report} command runs.
 */
public final class ReportRun {
    private ReportRun() {
    }

    /** @return 0 written; 2 written but plotting failed (the report says which figures are missing) */
    public static int generate(Path run, Path target, boolean plots, Path plotsDir, List<ReportParts> parts, String generator,
                               PrintWriter out, PrintWriter err) throws IOException {
        RunData data = RunData.load(run);
        Report report = new Report(parts);
        Map<String, List<Plot>> figures = report.writeFigures(data);
        Plotter.Result plotResult = plots ? Plotter.run(plotsDir, run, out) : null;
        report.write(data, figures, target, generator, plotResult);
        out.println("report: wrote " + target);
        out.flush();
        if (plotResult != null && !plotResult.ok()) {
            err.println("report: plotting failed (" + plotResult.summary() + "); the report says which figures are missing");
            return 2;
        }
        return 0;
    }
}
