package handoff.harness.report;

import handoff.harness.results.AtomicFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report: an ordered list of sections. Header and the answer first ({@link SupportSection}), then each
 * suite's sections in registry order (the pipeline's decision table leads), the published comparison, the rows
 * without numbers, the detail appendix and how to reproduce. The suites' parts come from the suite registry;
 * nothing here names a suite or a transport.
 */
public final class Report {
    /** Lines {@code script [figure]} that plot-all.sh runs, in order: it derives nothing itself. */
    public static final String FIGURE_LIST = "figures.list";

    private final List<ReportParts> parts;
    private final PublishedSection published = new PublishedSection();

    public Report(List<ReportParts> parts) {
        List<ReportParts> all = new ArrayList<>(parts);
        all.add(new TimelineParts()); // the run's interval logs, whichever suites wrote them
        this.parts = List.copyOf(all);
    }

    /**
     * Writes the data of every figure (the detail appendix's first, then each kind's) and the list plot-all.sh
     * runs; returns the figures by script.
     */
    public Map<String, List<Plot>> writeFigures(RunData run, Figures details) throws IOException {
        Path data = run.dir.resolve("plots").resolve("data");
        Files.createDirectories(data);
        Map<String, List<Plot>> out = new LinkedHashMap<>();
        List<FigureKind> kinds = new ArrayList<>();
        parts.forEach(p -> kinds.addAll(p.figureKinds()));
        kinds.add(published);
        StringBuilder list = new StringBuilder("# script [figure]: written by the report command, run in order by plots/plot-all.sh\n");
        for (String script : Figures.SCRIPTS.keySet()) {
            if (!details.of(script).isEmpty()) {
                list.append(script).append('\n');
            }
        }
        for (FigureKind k : kinds) {
            for (Plot p : k.write(run, data)) {
                out.computeIfAbsent(k.script(), s -> new ArrayList<>()).add(p);
                list.append(k.script()).append(' ').append(p.name()).append('\n');
            }
        }
        Files.writeString(data.resolve(FIGURE_LIST), list.toString(), StandardCharsets.UTF_8);
        return out;
    }

    public List<Section> sections(String generator, Section details) {
        List<Section> s = new ArrayList<>();
        s.add(new HeaderSection(generator));
        s.add(new SupportSection(parts));
        parts.stream().sorted(java.util.Comparator.comparingInt(ReportParts::rank)).forEach(p -> s.addAll(p.sections()));
        s.add(new RuntimeSection()); // only where the run swept the JDK, the collector or the thread kind
        s.add(published);
        s.add(new StatusSection());
        s.add(details);
        s.add(new ReproduceSection());
        return s;
    }

    /** Renders every section; writes the main file to {@code target} and the appendices into the run folder. */
    public Doc write(RunData run, Map<String, List<Plot>> plots, Path target, String generator, Section details) throws IOException {
        Doc doc = new Doc(run, target, plots);
        for (Section s : sections(generator, details)) {
            s.write(doc);
        }
        for (Map.Entry<String, StringBuilder> a : doc.appendices().entrySet()) {
            AtomicFiles.write(run.dir.resolve(a.getKey()), a.getValue().toString());
        }
        AtomicFiles.write(target, doc.text());
        return doc;
    }
}
