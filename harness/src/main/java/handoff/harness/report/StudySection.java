package handoff.harness.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Where each suite of a study comes from: the run folder, whether that run ran to its end (its manifest's status), how
 * many planned configurations have rows, and — for a run that stopped early — the configurations it never ran and the
 * rows with fewer forks than planned. A suite no run ran is named as such; nothing in the report is drawn from it.
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
        Md t = new Md("suite", "run folder", "run status", "configurations with rows", "never ran (planned, no row)", "fewer forks than planned");
        Doc a = doc.page(APPENDIX, "Where each suite comes from");
        List<String> notRun = new ArrayList<>();
        for (Provenance p : study.provenance()) {
            if (!p.ran()) {
                notRun.add(p.suite());
                continue;
            }
            Study.Plan plan = p.from().plan();
            String folder = Md.code(p.from().data().runId);
            String have = plan.known() ? (p.planned() - p.lacking().size()) + " of " + p.planned() : "plan unknown (" + plan.problem() + ")";
            t.row(p.suite(), folder, p.complete() ? "complete (ran to its end)" : "**" + p.status() + "** (stopped before its plan ended)",
                    have, names(p.lacking().stream().map(Study.Planned::describe).toList()), p.fewerForks().isEmpty() ? "none"
                            : p.fewerForks().size() + " rows (" + doc.link(APPENDIX, "list") + ")");
            if (!p.lacking().isEmpty() || !p.fewerForks().isEmpty()) {
                a.h2(p.suite() + " — run " + p.from().data().runId + ", " + p.status());
                if (!p.lacking().isEmpty()) {
                    a.p("Planned, never ran (no row; nothing drawn from them):");
                    a.list(p.lacking().stream().map(x -> "`" + x.describe() + "`").toList());
                }
                if (!p.fewerForks().isEmpty()) {
                    a.p("Ran with fewer forks than planned (their intervals are wider; a test with too few forks cannot resolve):");
                    a.list(p.fewerForks().stream().map(x -> "`" + x + "`").toList());
                }
            }
        }
        doc.table(t);
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
