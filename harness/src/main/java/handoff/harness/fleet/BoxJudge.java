package handoff.harness.fleet;

import handoff.harness.report.Declared;
import handoff.harness.report.Fmt;
import handoff.harness.report.Row;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Schemas;
import handoff.harness.stats.BestOf;
import handoff.harness.stats.LogT;
import handoff.harness.trial.RuntimeAxes;
import handoff.harness.stats.Verdict;
import handoff.harness.stats.VersusReference;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One declared question judged within one run, by the family the report uses (docs/statistics.md §5–§6): each table
 * (the rows that share every key but transport and wait) is tested on its own per-fork values — {@link BestOf} for
 * "against the best", {@link VersusReference} for "against a reference" — so a verdict never mixes machines. The
 * references are the report's: {@code abq} at {@code block} else any abq (pipeline), {@code baseline} at the row's wait
 * else any baseline (RTT), the transport itself at P = 1 (contention).
 */
final class BoxJudge {
    /** How a question is tested per box; null where its file keeps no per-fork values a box could test. */
    enum Family { BEST, VS_ABQ, VS_BASELINE, VS_P1 }

    private BoxJudge() {
    }

    static Family family(Declared q) {
        return switch (q.id()) {
            case "pipeline.saturation.best", "pipeline.p99.best" -> Family.BEST;
            case "pipeline.saturation.vs-abq" -> Family.VS_ABQ;
            case "rtt.vs-baseline" -> Family.VS_BASELINE;
            case "rtt.contention" -> Family.VS_P1;
            default -> null;
        };
    }

    /** Config → call for every row of the question this run has; empty where it has none. */
    static Map<String, Call> judge(Declared q, BoxRun run) {
        Map<String, Call> calls = judged(q, run);
        for (Row r : run.rows(q.file())) {
            Call c = calls.get(r.get("config"));
            if (c != null && r.has("row_flags")) { // a flagged row is shown with its flags, as the report shows it
                calls.put(r.get("config"), new Call(c.word() + " [" + r.get("row_flags") + "]", c.side(), c.key()));
            }
        }
        return calls;
    }

    private static Map<String, Call> judged(Declared q, BoxRun run) {
        Family f = family(q);
        Map<String, Call> out = new LinkedHashMap<>();
        if (f == null) {
            return out;
        }
        List<Row> all = run.rows(q.file()).stream().filter(r -> r.forks(q.metric()) != null).toList();
        List<Row> asked = all.stream().filter(q.rows()).toList();
        boolean higher = higherIsBetter(q);
        for (List<Row> table : tables(q, asked, f == Family.VS_P1 ? Set.of("transport", "wait", "producers") : Set.of("transport", "wait"))) {
            if (f == Family.BEST) {
                BestOf b = BestOf.of(table.stream().map(r -> r.forks(q.metric())).toList(), higher);
                for (int i = 0; i < table.size(); i++) {
                    out.put(table.get(i).get("config"), best(b, i));
                }
                continue;
            }
            List<Row> rows = new ArrayList<>(table);
            int[] refs = new int[rows.size()];
            for (int i = 0; i < table.size(); i++) {
                Row ref = reference(f, table.get(i), table, all);
                int at = ref == null ? -1 : rows.indexOf(ref);
                if (ref != null && at < 0) {
                    rows.add(ref);
                    at = rows.size() - 1;
                }
                refs[i] = ref == table.get(i) ? i : at;
            }
            int[] full = java.util.Arrays.copyOf(refs, rows.size());
            for (int i = table.size(); i < rows.size(); i++) {
                full[i] = -1; // a reference brought in from outside the question's rows is not in its family
            }
            VersusReference vs = VersusReference.of(rows.stream().map(r -> r.forks(q.metric())).toList(), full);
            for (int i = 0; i < table.size(); i++) {
                out.put(table.get(i).get("config"), refs[i] == i ? new Call("reference", Call.UNDECIDED, "reference")
                        : refs[i] < 0 ? new Call("no reference", Call.UNDECIDED, "no reference") : versus(vs.outcome(i)));
            }
        }
        return out;
    }

    private static boolean higherIsBetter(Declared q) {
        CsvSchema s = Schemas.registered().get(q.file());
        return s != null && s.metrics().stream().anyMatch(m -> m.column().equals(q.metric()) && m.higherIsBetter());
    }

    /** The question's rows split into tables: equal on every key column but {@code free}. */
    static List<List<Row>> tables(Declared q, List<Row> rows, Set<String> free) {
        CsvSchema s = Schemas.registered().get(q.file());
        List<String> keys = new ArrayList<>(s == null ? List.of() : s.keys());
        keys.addAll(RuntimeAxes.CONFIG);
        keys.removeAll(free);
        Map<String, List<Row>> t = new LinkedHashMap<>();
        for (Row r : rows) {
            t.computeIfAbsent(r.key(keys), k -> new ArrayList<>()).add(r);
        }
        return new ArrayList<>(t.values());
    }

    private static Row reference(Family f, Row r, List<Row> table, List<Row> all) {
        return switch (f) {
            case VS_ABQ -> pick(table, "abq", "block", null);
            case VS_BASELINE -> r.get("transport").equals("baseline") ? r : pick(table, "baseline", r.get("wait"), null);
            case VS_P1 -> all.stream().filter(x -> x.get("producers").equals("1") && x.sameRuntime(r)
                    && matchColumns(r.file()).stream().allMatch(c -> c.equals("producers") || x.get(c).equals(r.get(c)))).findFirst().orElse(null);
            default -> null;
        };
    }

    private static List<String> matchColumns(String file) {
        CsvSchema s = Schemas.registered().get(file);
        return s == null ? List.of() : s.match();
    }

    /** The row of {@code transport} at the first wait given that has one, else at any wait. */
    private static Row pick(List<Row> rows, String transport, String wait, String orWait) {
        Row any = null;
        for (Row x : rows) {
            if (x.get("transport").equals(transport)) {
                if (x.get("wait").equals(wait)) {
                    return x;
                }
                if (any == null || x.get("wait").equals(orWait)) {
                    any = x;
                }
            }
        }
        return any;
    }

    private static Call versus(VersusReference.Outcome o) {
        Verdict v = o.verdict();
        String ratio = o.test() == null || Double.isNaN(o.test().ratio()) ? "" : " " + Fmt.ratio(o.test().ratio());
        return switch (v) {
            case ABOVE -> new Call("above" + ratio, 1, "above");
            case BELOW -> new Call("below" + ratio, -1, "below");
            case ALIKE -> new Call("alike" + ratio, 0, "alike");
            case CANNOT_TELL -> new Call("cannot tell" + ratio + (LogT.refused(o.test()) ? " (test refused: forks spread over 2×)" : ""),
                    Call.UNDECIDED, "cannot tell");
            case UNTESTED -> new Call("untested", Call.UNDECIDED, "untested");
        };
    }

    private static Call best(BestOf b, int i) {
        return switch (b.place(i).standing()) {
            case BEST -> new Call("best", 1, "best");
            // in the best group: not shown below any row, and not shown above all; a difference from "not best", never a reversal
            case IN_BEST_GROUP -> b.splits() ? new Call("best group", 0, "best group") : new Call("best group (nothing split)", Call.UNDECIDED, "nothing split");
            case NOT_BEST -> new Call("not best", -1, "not best");
            case UNTESTED -> new Call("untested", Call.UNDECIDED, "untested");
        };
    }
}
