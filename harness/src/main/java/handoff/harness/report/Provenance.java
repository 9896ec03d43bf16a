package handoff.harness.report;

import handoff.harness.page.CsvFile;
import handoff.harness.page.Manifest;
import handoff.harness.page.NumberText;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.results.JmhFiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where one suite of a study comes from, as the run's own record says: its run folder and that run's status, how many
 * of the configurations its plan held ({@link RecordedPlan}: the manifest's, never a plan re-made later) have a row,
 * which have none (never ran: nothing is drawn from them), which rows are partial (ok, from fewer forks than planned:
 * an interrupted trial's kept pairs, a fork that failed), the groups its plan deferred, and the files of its
 * {@code jmh/} that are not results. A configuration counts as present when a row of one of the suite's files agrees
 * with it on every configuration column that file has (whatever its status: an n/a or skipped row was decided, not
 * lost, and is never partial).
 *
 * @param from       null where no run of the study ran the suite
 * @param fewerForks the partial rows, each "configuration (k of n forks)"
 * @param deferred   the groups of this suite the run's plan deferred (the manifest's {@code deferred}), each "what (N trials)"
 * @param ignored    the run's {@code jmh/} files that are not results ({@link JmhFiles#ignored}), each named with why
 */
public record Provenance(String suite, List<String> files, Study.Member from, int planned, List<Study.Planned> lacking,
                         List<String> fewerForks, List<String> deferred, List<String> ignored) {

    /** Each suite of the study's registry: the run it comes from and what that run lacks, or that no run of the study ran it. */
    public static List<Provenance> of(Study study) {
        List<Provenance> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> s : study.suiteFiles.entrySet()) {
            // the run that holds the suite's files, else the first whose plan named it (a run that deferred it names it too)
            Study.Member from = study.members.stream().filter(m -> s.getValue().stream().anyMatch(f -> m.data().csv.containsKey(f))).findFirst()
                    .orElse(study.members.stream().filter(m -> m.data().manifest.strings("suites").contains(s.getKey())).findFirst().orElse(null));
            out.add(Provenance.of(s.getKey(), s.getValue(), from));
        }
        return out;
    }

    static Provenance of(String suite, List<String> files, Study.Member from) {
        if (from == null) {
            return new Provenance(suite, files, null, 0, List.of(), List.of(), List.of(), List.of());
        }
        List<Study.Planned> lacking = new ArrayList<>();
        List<String> fewer = new ArrayList<>();
        List<Study.Planned> mine = from.plan().configurations().stream().filter(p -> p.suite().equals(suite)).toList();
        for (Study.Planned p : mine) {
            TextLine r = row(p, files, from.data());
            if (r == null) {
                lacking.add(p);
            } else if (r.ok() && r.forks() < p.forks()) { // NaN (no forks cell) is never fewer
                fewer.add(p.describe() + " (" + NumberText.count(r.forks()) + " of " + p.forks() + " forks)");
            }
        }
        return new Provenance(suite, files, from, mine.size(), lacking, fewer, deferred(suite, from.data().manifest),
                JmhFiles.ignored(from.dir()).stream().filter(n -> n.startsWith(JmhFiles.DIR + "/" + suite + "_")).toList());
    }

    /** The groups of the suite the manifest records as deferred by the plan, each "what (N trials)". */
    private static List<String> deferred(String suite, Manifest m) {
        List<String> out = new ArrayList<>();
        for (DeferredGroup d : DeferredGroup.of(m.raw("deferred"))) {
            if (suite.equals(String.valueOf(d.suite()))) {
                out.add(d.what() + " (" + d.trials() + " trials)");
            }
        }
        return out;
    }

    /** The first row of the suite's files that matches the planned configuration, or null. */
    static TextLine row(Study.Planned p, List<String> files, RunData run) {
        for (String f : files) {
            CsvFile c = run.get(f);
            if (c == null) {
                continue;
            }
            for (TextLine r : c.rows()) {
                boolean shared = false;
                boolean same = true;
                for (Study.Setting e : p.config()) {
                    if (c.header.contains(e.column())) {
                        shared = true;
                        same &= r.get(e.column()).equals(e.value());
                    }
                }
                if (shared && same) {
                    return r;
                }
            }
        }
        return null;
    }

    public boolean ran() {
        return from != null;
    }

    /** Whether the run it comes from ran to its end. */
    public boolean complete() {
        return from != null && from.data().manifest.complete();
    }

    public String status() {
        return from == null ? "not run" : from.data().manifest.status();
    }
}
