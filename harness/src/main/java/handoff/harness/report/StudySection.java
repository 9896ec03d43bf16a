package handoff.harness.report;

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
    /** Configurations named in the main text before the rest go to the appendix. */
    static final int INLINE = 8;

    private final Study study;

    public StudySection(Study study) {
        this.study = study;
    }

    @Override
    public void write(Doc doc) {
        doc.h2("Where each suite comes from");
        doc.p("This report reads " + study.members.size() + " run folders of one machine (" + doc.run.manifest.machineLine() + ", "
                + doc.run.manifest.jvmLine() + ") and one commit (`" + doc.run.manifest.str("git_commit") + "`); each result file "
                + "comes from one of them. A configuration its run planned but never ran has no row, so no figure, ranking or verdict "
                + "is drawn from it; a suite no run ran draws nothing.");
        Md t = new Md("suite", "run folder", "run status", "configurations with rows", "never ran (planned, no row)",
                "partial (fewer forks than planned)");
        Doc a = doc.page(APPENDIX, "Where each suite comes from");
        List<String> notRun = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        for (Provenance p : study.provenance()) {
            if (!p.ran()) {
                notRun.add(p.suite());
                continue;
            }
            Study.Plan plan = p.from().plan();
            String folder = Md.code(p.from().data().runId);
            String have = plan.known() ? (p.planned() - p.lacking().size()) + " of " + p.planned() : "plan unknown (" + plan.problem() + ")";
            String never = names(p.lacking().stream().map(Study.Planned::describe).toList())
                    + (p.deferred().isEmpty() ? "" : "; deferred by its plan: " + String.join("; ", p.deferred()));
            String partial = p.fewerForks().isEmpty() ? "none" : p.fewerForks().size() <= 2
                    ? String.join("; ", p.fewerForks().stream().map(Md::code).toList())
                    : p.fewerForks().size() + " rows (" + doc.link(APPENDIX, "list") + ")";
            t.row(p.suite(), folder, p.complete() ? "complete (ran to its end)" : "**" + p.status() + "** (stopped before its plan ended)",
                    have, never, partial);
            if (!p.lacking().isEmpty() || !p.fewerForks().isEmpty() || !p.ignored().isEmpty()) {
                a.h2(p.suite() + " — run " + p.from().data().runId + ", " + p.status());
                if (!p.lacking().isEmpty()) {
                    a.p("Planned (its manifest's record), never ran (no row; nothing drawn from them):");
                    a.list(p.lacking().stream().map(x -> "`" + x.describe() + "`").toList());
                }
                if (!p.fewerForks().isEmpty()) {
                    a.p("Partial: rows of fewer forks than planned (the forks that finished, e.g. the whole pairs an interrupted "
                            + "trial kept; their intervals are wider, and a test with too few forks cannot resolve):");
                    a.list(p.fewerForks().stream().map(x -> "`" + x + "`").toList());
                }
                if (!p.ignored().isEmpty()) {
                    a.p("Result files left out (not results; never read as one):");
                    a.list(p.ignored());
                }
            }
            if (!p.ignored().isEmpty()) {
                leftOut.add(p.suite() + " (`" + p.from().data().runId + "`): " + String.join("; ", p.ignored()));
            }
        }
        doc.table(t);
        if (!leftOut.isEmpty()) {
            doc.p("Result files that are not results (empty, or cut short by a stopped trial) are left out, never read as one: "
                    + String.join(" ", leftOut) + ".");
        }
        if (!notRun.isEmpty()) {
            doc.p("Not run by any folder of this study (no rows, no figure, no verdict): " + String.join(", ", notRun) + ".");
        }
    }

    private String names(List<String> lacking) {
        if (lacking.isEmpty()) {
            return "none";
        }
        List<String> shown = lacking.stream().limit(INLINE).map(Md::code).toList();
        return lacking.size() + ": " + String.join("; ", shown) + (lacking.size() > INLINE ? "; … (all in " + APPENDIX + ")" : "");
    }
}
