package handoff.harness.report;

import handoff.harness.page.Plot;
import handoff.harness.page.Plotter;
import handoff.harness.page.ReportParts;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One report generation: the figure data of every part, plot-all.sh when asked, then the report and its
 * appendices. What the {@code report} command runs.
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /** @return 0 written; 2 written but plotting failed (the report says which figures are missing) */
    public static int generate(Path run, Path target, boolean plots, Path plotsDir, List<ReportParts> parts, String generator,
                               PrintWriter out, PrintWriter err) throws IOException {
        return generate(RunData.load(run), null, null, target, null, plots, plotsDir, parts, generator, out, err);
    }

    /**
     * One run folder or a study ({@code study} not null: {@code data} is its merged run), with the other reference box's
     * run beside it where given, and the top-level page where {@code top} is given.
     */
    public static int generate(RunData data, Study study, RunData beside, Path target, Path top, boolean plots, Path plotsDir,
                               List<ReportParts> parts, String generator, PrintWriter out, PrintWriter err) throws IOException {
        return generate(data, study, beside, List.of(), target, top, plots, plotsDir, parts, generator, out, err);
    }

    /** As above, with earlier runs or studies of the main box whose headline lines fill the questions it does not answer. */
    public static int generate(RunData data, Study study, RunData beside, List<RunData> earlier, Path target, Path top, boolean plots,
                               Path plotsDir, List<ReportParts> parts, String generator, PrintWriter out, PrintWriter err) throws IOException {
        Path run = data.dir;
        List<Section> lead = new ArrayList<>();
        if (study != null) {
            lead.add(new GlanceSection());
            lead.add(new StudySection(study));
        }
        if (beside != null) {
            lead.add(new BesideSection(beside));
        }
        Report report = new Report(parts, lead, beside);
        Map<String, List<Plot>> figures = report.writeFigures(data);
        Plotter.Result plotResult = plots ? Plotter.run(plotsDir, run, out) : null;
        report.write(data, figures, target, generator, plotResult);
        out.println("report: wrote " + target);
        if (top != null) {
            new TopPage(new Report(parts, List.of(), beside), study, beside, parts, earlier).write(data, figures, top, target, generator);
            out.println("report: wrote " + top);
        }
        out.flush();
        if (plotResult != null && !plotResult.ok()) {
            err.println("report: plotting failed (" + plotResult.summary() + "); the report says which figures are missing");
            return 2;
        }
        return 0;
    }
}
