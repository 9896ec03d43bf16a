package handoff.harness.report;

import handoff.harness.page.FigureKind;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.Manifest;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Plotter;
import handoff.harness.page.ReportParts;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.results.AtomicFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report: an ordered list of sections. Header and the answer first ({@link SupportSection}), then each
 * suite's sections in rank order (the pipeline's decision table leads), the published comparison, the rows
 * without numbers, the details appendix ({@link DetailsSection}, itself an ordered list of sections) and how to
 * reproduce. The suites' parts come from the suite registry; nothing here names a suite or a transport.
 */
public final class Report {
    /** Lines {@code script figure} that plot-all.sh runs, in order: it derives nothing itself. */
    public static final String FIGURE_LIST = "figures.list";

    private final List<ReportParts> parts;
    private final PublishedSection published;
    private final ClaimsSection claims;
    /** Sections right after the answer: a study's provenance, the boxes side by side ({@link Beside}). */
    private final List<Section> lead;

    public Report(List<ReportParts> parts) {
        this(parts, List.of(), null);
    }

    /**
     * @param lead   sections right after the answer (a study's provenance, the boxes side by side)
     * @param beside the other box's run, whose rows the claims and the published comparison use where this one has none; or null
     */
    public Report(List<ReportParts> parts, List<Section> lead, RunData beside) {
        List<ReportParts> all = new ArrayList<>(parts);
        all.add(new TimelineParts()); // the run's interval logs, whichever suites wrote them
        this.parts = List.copyOf(all);
        this.lead = List.copyOf(lead);
        this.published = new PublishedSection(beside);
        this.claims = new ClaimsSection(beside);
    }

    /** The sources' claims that have a verdict and the published comparison (the top page's). */
    List<Section> sources() {
        return List.of(claims.decidedOnly(), published);
    }

    /** The answer of this report without its table of rows (what the top page leads with). */
    Section answer() {
        return new SupportSection(parts, false);
    }

    /** Each suite's sections of the main text, in rank order, without the tail's spike lists (the top page's). */
    List<Section> suiteSections() {
        List<Section> s = new ArrayList<>();
        parts.stream().filter(p -> !(p instanceof TimelineParts)).sorted(Comparator.comparingInt(ReportParts::rank))
                .forEach(p -> s.addAll(p.sections()));
        return s;
    }

    /**
     * Writes the data of every figure of every kind (old data files are removed first), the run's {@code meta.gp} and
     * the list plot-all.sh runs; returns the figures by script, in the order their kinds wrote them.
     */
    public Map<String, List<Plot>> writeFigures(RunData run) throws IOException {
        Path data = run.dir.resolve("plots").resolve("data");
        Files.createDirectories(data);
        try (DirectoryStream<Path> old = Files.newDirectoryStream(data)) {
            for (Path p : old) {
                if (Files.isRegularFile(p)) {
                    Files.delete(p);
                }
            }
        }
        Map<String, List<Plot>> out = new LinkedHashMap<>();
        List<FigureKind> kinds = new ArrayList<>();
        parts.forEach(p -> kinds.addAll(p.figureKinds()));
        kinds.add(published);
        StringBuilder list = new StringBuilder("# script figure: written by the report command, run in order by plots/plot-all.sh\n");
        for (FigureKind k : kinds) {
            for (Plot p : k.write(run, data)) {
                out.computeIfAbsent(k.script(), s -> new ArrayList<>()).add(p);
                if (p.drawable()) {
                    list.append(k.script()).append(' ').append(p.name()).append('\n');
                }
            }
        }
        Files.writeString(data.resolve("meta.gp"), meta(run), StandardCharsets.UTF_8);
        Files.writeString(data.resolve(FIGURE_LIST), list.toString(), StandardCharsets.UTF_8);
        return out;
    }

    /** What every script reads first (through plots/lib.gp): the run and the caption line under each title. */
    private static String meta(RunData run) {
        Manifest m = run.manifest;
        String caption = "run " + run.runId + " | " + m.machineLine() + " | " + m.jvmLine();
        if (run.sources.size() > 1) {
            caption += " | study of " + run.sources.size() + " run folders" + (m.complete() ? "" : ", some interrupted (see its REPORT.md)");
        } else if (!m.complete()) {
            caption += " | PARTIAL RUN (status: " + m.status() + ")";
        }
        return new GnuplotInclude().comment("written by the report command; read by every plots/*.gp script").str("run_id", run.runId)
                .str("caption", caption).toString();
    }

    public List<Section> sections(String generator) {
        List<Section> s = new ArrayList<>();
        s.add(new HeaderSection(generator));
        s.add(new SupportSection(parts));
        s.addAll(lead);
        parts.stream().sorted(Comparator.comparingInt(ReportParts::rank)).forEach(p -> s.addAll(p.sections()));
        s.add(new RuntimeSection()); // only where the run swept the JDK, the collector or the thread kind
        s.add(claims);
        s.add(published);
        s.add(new StatusSection());
        s.add(new DetailsSection(parts));
        s.add(new ReproduceSection());
        return s;
    }

    /**
     * Renders every section; writes the main file to {@code target} and the appendices into the run folder.
     *
     * @param plotted the outcome of plot-all.sh; null where this command was not asked to plot
     */
    Page write(RunData run, Map<String, List<Plot>> plots, Path target, String generator, Plotter.Result plotted) throws IOException {
        Page doc = new Page(run, target, plots, plotted);
        for (Section s : sections(generator)) {
            s.write(doc);
        }
        for (Page.Appendix a : doc.appendices()) {
            AtomicFiles.write(run.dir.resolve(a.file()), a.text());
        }
        AtomicFiles.write(target, doc.text());
        return doc;
    }
}
