package handoff.harness.report;

import handoff.harness.page.Page;
import handoff.harness.page.Plotter;
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
        Page page = doc.page(APPENDIX, "# Details — run " + doc.run.runId + "\n\nAppendix of [the report](REPORT.md): the environment, "
                + "the method, and every detailed figure with its full table. Flags: **oversubscribed** = more threads than CPUs; "
                + "**unstable** = forks disagree by more than 2×; in figures `*` and `!`.\n\n", true);
        for (Section s : sections()) {
            s.write(page);
        }
        doc.h2("Details");
        doc.p("Environment, method, and every detailed figure with its full table (RTT per producer count, percentile "
                + "distributions, latency against each transport's own sustainable rate, per-hop breakdown, allocation, the JMH "
                + "Disruptor table): " + doc.link(APPENDIX, "details") + ". Every main figure's table: "
                + doc.link(Page.FIGURE_TABLES, "figure tables") + ".");
    }

    /** The heading the suites' detail sections stand under, and whether this report's figures were drawn. */
    private static void figuresIntro(Page doc) {
        doc.h2("Results by figure");
        Plotter.Result plots = doc.plotted();
        if (plots == null && !anyImage(doc.run)) {
            doc.p("Figures were not drawn for this report (`--no-plots`); the plot data is in `plots/data/` — run `plots/plot-all.sh "
                    + doc.run.dir + "` and regenerate to embed them.");
        } else if (plots == null) {
            doc.p("Figures were drawn before this report was written (`plots/*.png` in the run folder); a figure without an image "
                    + "says so where it stands.");
        } else if (!plots.ok()) {
            doc.p("**Plotting failed:** " + plots.summary() + ". Figures that exist are linked; tables are complete regardless.");
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
