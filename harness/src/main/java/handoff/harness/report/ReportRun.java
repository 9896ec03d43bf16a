package handoff.harness.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * One report generation: the figure data of every part (and of the detail appendix), plot-all.sh when asked,
 * then the report and its appendices. What the {@code report} command runs.
 */
public final class ReportRun {
    private ReportRun() {
    }

    /** @return 0 written; 2 written but plotting failed (the report says which figures are missing) */
    public static int generate(Path run, Path target, boolean plots, Path plotsDir, List<ReportParts> parts, String generator,
                               PrintWriter out, PrintWriter err) throws IOException {
        RunData data = RunData.load(run);
        Figures details = Figures.write(data);
        Report report = new Report(parts);
        java.util.Map<String, List<Plot>> figures = report.writeFigures(data, details);
        Plotter.Result plotResult = plots ? Plotter.run(plotsDir, run, out) : null;
        Path detailFile = run.resolve("appendix-details.md");
        Section detailSection = doc -> {
            String md = new ReportWriter(data, details, detailFile, plotResult).render();
            doc.appendixFile("appendix-details.md", md);
            doc.h2("Details");
            doc.p("Environment, method, and every detailed figure with its full table (RTT per producer count, percentile "
                    + "distributions, latency against each transport's own saturation, per-hop breakdown, allocation, the JMH "
                    + "Disruptor table): " + doc.link("appendix-details.md", "details") + ". Every main figure's table: "
                    + doc.link(Doc.FIGURE_TABLES, "figure tables") + ".");
        };
        report.write(data, figures, target, generator, detailSection);
        out.println("report: wrote " + target);
        out.flush();
        if (plotResult != null && !plotResult.ok()) {
            err.println("report: plotting failed (" + plotResult.summary() + "); the report says which figures are missing");
            return 2;
        }
        return 0;
    }
}
