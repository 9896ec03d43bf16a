package handoff.harness.report;

import handoff.harness.page.Page;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.Prose;
import handoff.harness.page.Section;

import java.util.ArrayList;
import java.util.List;

/**
 * Where each suite of a study comes from: the run folder, whether that run ran to its end (its manifest's status), how
 * many planned configurations (the run's own record, {@link RecordedPlan}) have rows, and — for a run that stopped
 * early — the configurations it never ran, the partial rows (fewer forks than planned), the groups its plan deferred
 * and the result files that are not results. A suite no run ran is named as such; nothing in the report is drawn from it.
 * The full lists go to {@value #APPENDIX}.
 */
public final class StudySection implements Section {
    static final String APPENDIX = "appendix-study.md";
    /** The section's words ({@code text/study.md}). */
    private static final Prose TEXT = Prose.of("study");
    /** Configurations named in the main text before the rest go to the appendix. */
    static final int INLINE = 8;

    private final Study study;

    public StudySection(Study study) {
        this.study = study;
    }

    @Override
    public void write(Page doc) {
        doc.h2(TEXT.get("title"));
        doc.p(TEXT.fill("intro").with("runs", Integer.toString(study.members.size())).with("machine", doc.run.manifest.machineLine())
                .with("jvm", doc.run.manifest.jvmLine()).with("commit", doc.run.manifest.str("git_commit")).text());
        MarkdownTable t = new MarkdownTable("suite", "run folder", "run status", "configurations with rows", "never ran (planned, no row)",
                "partial (fewer forks than planned)");
        Page a = doc.page(APPENDIX, TEXT.get("title"));
        List<String> notRun = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        for (Provenance p : Provenance.of(study)) {
            if (!p.ran()) {
                notRun.add(p.suite());
                continue;
            }
            Study.Plan plan = p.from().plan();
            String folder = MarkdownTable.code(p.from().data().runId);
            String have = plan.known() ? (p.planned() - p.lacking().size()) + " of " + p.planned()
                    : TEXT.fill("plan.unknown").with("why", plan.problem()).text();
            String never = names(p.lacking().stream().map(Study.Planned::describe).toList())
                    + (p.deferred().isEmpty() ? "" : TEXT.fill("deferred").with("groups", String.join("; ", p.deferred())).text());
            String partial = p.fewerForks().isEmpty() ? "none" : p.fewerForks().size() <= 2
                    ? String.join("; ", p.fewerForks().stream().map(MarkdownTable::code).toList())
                    : p.fewerForks().size() + " rows (" + doc.link(APPENDIX, "list") + ")";
            t.row(p.suite(), folder, p.complete() ? TEXT.get("status.complete") : TEXT.fill("status.stopped").with("status", p.status()).text(),
                    have, never, partial);
            if (!p.lacking().isEmpty() || !p.fewerForks().isEmpty() || !p.ignored().isEmpty()) {
                a.h2(p.suite() + " — run " + p.from().data().runId + ", " + p.status());
                if (!p.lacking().isEmpty()) {
                    a.p(TEXT.get("appendix.never"));
                    a.list(p.lacking().stream().map(x -> MarkdownTable.code(x.describe())).toList());
                }
                if (!p.fewerForks().isEmpty()) {
                    a.p(TEXT.get("appendix.partial"));
                    a.list(p.fewerForks().stream().map(MarkdownTable::code).toList());
                }
                if (!p.ignored().isEmpty()) {
                    a.p(TEXT.get("appendix.left-out"));
                    a.list(p.ignored());
                }
            }
            if (!p.ignored().isEmpty()) {
                leftOut.add(p.suite() + " (" + folder + "): " + String.join("; ", p.ignored()));
            }
        }
        doc.table(t);
        if (!leftOut.isEmpty()) {
            doc.p(TEXT.fill("left-out").with("files", String.join(" ", leftOut)).text());
        }
        if (!notRun.isEmpty()) {
            doc.p(TEXT.fill("not-run").with("suites", String.join(", ", notRun)).text());
        }
    }

    private String names(List<String> lacking) {
        if (lacking.isEmpty()) {
            return "none";
        }
        List<String> shown = lacking.stream().limit(INLINE).map(MarkdownTable::code).toList();
        return lacking.size() + ": " + String.join("; ", shown) + (lacking.size() > INLINE ? "; … (all in " + APPENDIX + ")" : "");
    }
}
