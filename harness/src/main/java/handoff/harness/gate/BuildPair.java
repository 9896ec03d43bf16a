package handoff.harness.gate;

import handoff.harness.page.CsvFile;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.report.Declared;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Metric;
import handoff.harness.stats.TwoBuilds;
import handoff.harness.trial.BuildAxis;
import handoff.harness.trial.Status;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One declared headline row of a run of two builds (docs/statistics.md §15): its BASE and HEAD rows (matched on the
 * file's match columns, the build aside), the metric a headline question tests on it, and why it cannot be tested
 * where it cannot (a build's row missing or not ok: a broken fork never becomes a number).
 *
 * @param missing why the pair cannot be tested; null where both rows are ok
 */
record BuildPair(CsvSchema file, Metric metric, String name, TextLine base, TextLine head, List<String> flags, String missing) {

    /** The pair as the statistics take it: per-round values of each build (position i is round i). */
    TwoBuilds.Pair values() {
        return new TwoBuilds.Pair(forks(base), forks(head), metric.higherIsBetter());
    }

    private double[] forks(TextLine r) {
        double[] f = r == null ? null : r.forks(metric.column());
        return f == null ? new double[0] : f;
    }

    /** Every declared headline row of the run's files, BASE beside HEAD, in the run's order. */
    static List<BuildPair> of(RunData run) {
        List<BuildPair> out = new ArrayList<>();
        for (Declared q : Declared.ALL) {
            CsvSchema f = run.schema(q.file());
            CsvFile csv = run.get(q.file());
            if (!q.headline() || f == null || csv == null || out.stream().anyMatch(p -> p.file().file().equals(q.file()))) {
                continue;
            }
            List<String> keys = new ArrayList<>(RunData.withRuntime(f.match()));
            keys.remove(BuildAxis.CONFIG);
            Map<String, TextLine[]> byKey = new LinkedHashMap<>();
            for (TextLine r : run.inOrder(csv.rows(), "wait")) {
                int side = BuildAxis.HEAD.equals(r.get(BuildAxis.CONFIG)) ? 1 : BuildAxis.BASE.equals(r.get(BuildAxis.CONFIG)) ? 0 : -1;
                if (side >= 0) {
                    byKey.computeIfAbsent(Comparer.key(f, r, keys), k -> new TextLine[2])[side] = r;
                }
            }
            for (TextLine[] two : byKey.values()) {
                TextLine any = two[0] != null ? two[0] : two[1];
                for (Metric m : f.metrics()) {
                    if (Declared.headline(q.file(), m.column(), any)) {
                        out.add(new BuildPair(f, m, m.label() + ": " + any.describe(keys), two[0], two[1],
                                two[0] == null || two[1] == null ? List.of() : Comparer.flags(f, two[0], two[1]), missing(two)));
                    }
                }
            }
        }
        return out;
    }

    /** Why a row cannot be tested: a build without it, or with a trial not ok; null where both are ok. */
    private static String missing(TextLine[] two) {
        for (int i = 0; i < 2; i++) {
            String side = i == 0 ? "BASE" : "HEAD";
            if (two[i] == null) {
                return side + " has no such row";
            }
            Status s = Status.ofCell(two[i].get("status"));
            if (!s.isOk()) {
                return side + "'s trials are not all ok: " + two[i].get("status");
            }
        }
        return null;
    }
}
