package handoff.harness.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Where one suite of a study comes from: its run folder and that run's status, how many of the configurations its plan
 * held have a row, which have none (never ran: nothing is drawn from them) and which ran fewer forks than planned.
 * A configuration counts as present when a row of one of the suite's files agrees with it on every configuration
 * column that file has (whatever its status: an n/a or skipped row was decided, not lost).
 *
 * @param from null where no run of the study ran the suite
 */
public record Provenance(String suite, List<String> files, Study.Member from, int planned, List<Study.Planned> lacking,
                         List<String> fewerForks) {

    static Provenance of(String suite, List<String> files, Study.Member from) {
        if (from == null) {
            return new Provenance(suite, files, null, 0, List.of(), List.of());
        }
        List<Study.Planned> lacking = new ArrayList<>();
        List<String> fewer = new ArrayList<>();
        List<Study.Planned> mine = from.plan().configurations().stream().filter(p -> p.suite().equals(suite)).toList();
        for (Study.Planned p : mine) {
            Row r = row(p, files, from.data());
            if (r == null) {
                lacking.add(p);
            } else if (r.has("forks") && r.num("forks") < p.forks()) {
                fewer.add(p.describe() + " (" + r.get("forks") + " of " + p.forks() + " forks)");
            }
        }
        return new Provenance(suite, files, from, mine.size(), lacking, fewer);
    }

    /** The first row of the suite's files that matches the planned configuration, or null. */
    static Row row(Study.Planned p, List<String> files, RunData run) {
        for (String f : files) {
            Csv c = run.get(f);
            if (c == null) {
                continue;
            }
            for (Row r : c.rows()) {
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
