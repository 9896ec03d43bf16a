package handoff.harness.report;

import handoff.harness.page.Page;
import handoff.harness.page.Plotter;
import handoff.harness.page.Prose;
import handoff.harness.page.ReportParts;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The details appendix ({@value #APPENDIX}), an ordered list of sections like the report: the environment, the
 * method, then "Results by figure", each suite's {@link ReportParts#details} in registry order. Its headings number
 * themselves. In the main text: one paragraph linking it.
 */
final class DetailsSection implements Section {
    static final String APPENDIX = "appendix-details.md";
    /** The appendix's and the method's words ({@code text/details.md}). */
    static final Prose TEXT = Prose.of("details");

    private final List<ReportParts> parts;

    DetailsSection(List<ReportParts> parts) {
        this.parts = parts;
    }

    /** The appendix's sections, in order. */
    List<Section> sections() {
        List<Section> s = new ArrayList<>();
        s.add(new EnvironmentSection());
        s.add(new MethodSection(parts));
        s.add(DetailsSection::figuresIntro);
        parts.forEach(p -> s.addAll(p.details()));
        return s;
    }

    @Override
    public void write(Page doc) throws IOException {
        Page page = doc.page(APPENDIX, TEXT.fill("head").with("run", doc.run.runId).text() + "\n\n", true);
        for (Section s : sections()) {
            s.write(page);
        }
        doc.h2(TEXT.get("title"));
        doc.p(TEXT.fill("pointer").with("details", doc.link(APPENDIX, "details"))
                .with("tables", doc.link(Page.FIGURE_TABLES, "figure tables")).text());
    }

    /** The heading the suites' detail sections stand under, and whether this report's figures were drawn. */
    private static void figuresIntro(Page doc) {
        doc.h2(TEXT.get("figures.title"));
        Plotter.Result plots = doc.plotted();
        if (plots == null && !anyImage(doc.run)) {
            doc.p(TEXT.fill("figures.not-drawn").with("run", doc.run.dir.toString()).text());
        } else if (plots == null) {
            doc.p(TEXT.get("figures.drawn-before"));
        } else if (!plots.ok()) {
            doc.p(TEXT.fill("figures.failed").with("summary", plots.summary()).text());
        }
    }

    /** Whether the run folder holds any drawn figure (drawn by an earlier step, e.g. run-bench.sh before --no-plots). */
    private static boolean anyImage(RunData run) {
        try (Stream<Path> s = Files.list(run.dir.resolve("plots"))) {
            return s.anyMatch(x -> x.getFileName().toString().endsWith(".png"));
        } catch (IOException e) {
            return false;
        }
    }
}
