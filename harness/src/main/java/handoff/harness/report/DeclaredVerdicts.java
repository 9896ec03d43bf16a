package handoff.harness.report;

import handoff.harness.stats.BestOf;
import handoff.harness.stats.Verdict;
import handoff.harness.stats.VersusReference;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The verdicts one run makes on the declared questions ({@link Declared}), each keyed by question, table and row, in
 * the words {@code above}, {@code below}, {@code alike}, {@code best}, {@code not best} (decided) or
 * {@code cannot tell}, {@code best group}, {@code untested}, {@code not judged} (not decided): what {@code compare} sets side by side to say
 * whether a second run of the same code makes the same verdicts (docs/statistics.md §11), and what a study across boxes
 * compares per box.
 */
public final class DeclaredVerdicts {
    /** A declared comparison the run's pilot left out ({@link Pilot}): measured, in no family. */
    public static final String NOT_JUDGED = "not judged";
    /** The sides of the ours ÷ LMAX question in disruptor-ratio.csv. */
    public static final String OURS_OVER_LMAX = "disruptor÷lmax";

    /** What a run says on one declared comparison; the first five are decided (say something a reader can act on). */
    public enum Word {
        ABOVE("above", true), BELOW("below", true), ALIKE("alike", true), BEST("best", true), NOT_BEST("not best", true),
        CANNOT_TELL("cannot tell", false), BEST_GROUP("best group", false), UNTESTED("untested", false), NOT_JUDGED(DeclaredVerdicts.NOT_JUDGED, false);

        private final String text;
        private final boolean decided;

        Word(String text, boolean decided) {
            this.text = text;
            this.decided = decided;
        }

        public boolean decided() {
            return decided;
        }

        /** As the report and {@code compare} write it. */
        @Override
        public String toString() {
            return text;
        }

        /** A test's verdict in these words. */
        static Word of(Verdict v) {
            return switch (v) {
                case ABOVE -> ABOVE;
                case BELOW -> BELOW;
                case ALIKE -> ALIKE;
                case CANNOT_TELL -> CANNOT_TELL;
                case UNTESTED -> UNTESTED;
            };
        }
    }

    /** Verdict key ({@link VerdictKey}: question | table | row) → what the run says, in the run's order. */
    private final Map<String, Word> verdicts = new LinkedHashMap<>();
    /** Verdict key → the row it is said of, and the ratio its test estimates (absent where it has none). */
    private final Map<String, Row> rows = new LinkedHashMap<>();
    private final Map<String, Double> ratios = new LinkedHashMap<>();

    private DeclaredVerdicts() {
    }

    public static DeclaredVerdicts of(RunData run) {
        DeclaredVerdicts v = new DeclaredVerdicts();
        v.pipeline(run);
        v.rtt(run);
        v.disruptor(run);
        return v;
    }

    /** Question | table | row ({@link VerdictKey}) → verdict, in the run's order. */
    public Map<String, Word> all() {
        return java.util.Collections.unmodifiableMap(verdicts);
    }

    /** The row a verdict is said of. */
    public Row row(String key) {
        return rows.get(key);
    }

    /**
     * The ratio the verdict's test estimates (docs/statistics.md §4: the geometric mean of per-round ratios; ours ÷ LMAX
     * of per-pair ratios), as the run's report prints it; NaN where it has none (against the best, a test not run).
     */
    public double ratio(String key) {
        return ratios.getOrDefault(key, Double.NaN);
    }

    private void put(String key, Word w, Row r, handoff.harness.stats.Comparison test) {
        put(key, w, r, test == null ? Double.NaN : test.ratio());
    }

    private void put(String key, Word w, Row r, double ratio) {
        verdicts.put(key, w);
        rows.put(key, r);
        if (!Double.isNaN(ratio)) {
            ratios.put(key, ratio);
        }
    }

    private void pipeline(RunData run) {
        Pilot pilot = Pilot.of(run);
        List<Row> all = RunData.where(RunData.eq(run.ok(RunData.PIPELINE), "workers", "1"), Declared::inPipelineFamilies);
        Map<String, List<Row>> tables = new LinkedHashMap<>();
        for (Row r : all) {
            tables.computeIfAbsent(VerdictKey.pipelineTable(r), k -> new ArrayList<>()).add(r);
        }
        tables.forEach((table, rows) -> {
            List<double[]> forks = rows.stream().map(r -> r.forks("throughput_eps")).toList();
            BestOf best = BestOf.of(forks, true);
            int ref = Declared.abqReference(rows);
            VersusReference vs = VersusReference.of(forks, Declared.references(rows, ref, r -> pilot.judges(VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, r))));
            for (int i = 0; i < rows.size(); i++) {
                String bestKey = VerdictKey.pipeline(VerdictKey.PIPELINE_BEST, rows.get(i));
                put(bestKey, !pilot.judges(bestKey) ? Word.NOT_JUDGED : switch (best.place(i).standing()) {
                    case BEST -> Word.BEST;
                    case NOT_BEST -> Word.NOT_BEST;
                    case IN_BEST_GROUP -> Word.BEST_GROUP;
                    case UNTESTED -> Word.UNTESTED;
                }, rows.get(i), Double.NaN);
                if (i != ref && ref >= 0) {
                    String key = VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, rows.get(i));
                    put(key, pilot.judges(key) ? Word.of(vs.outcome(i).verdict()) : Word.NOT_JUDGED, rows.get(i), vs.outcome(i).test());
                }
            }
        });
    }

    private void rtt(RunData run) {
        Pilot pilot = Pilot.of(run);
        List<Row> p1 = RunData.where(run.ok(RunData.RTT), r -> "1".equals(r.get("producers")));
        for (String burst : RunData.distinct(p1, "burst")) {
            List<Row> rows = RunData.eq(p1, "burst", burst);
            int[] refs = Declared.baselineReferences(rows, r -> pilot.judges(VerdictKey.rtt(r)));
            int[] all = Declared.baselineReferences(rows);
            VersusReference vs = VersusReference.of(rows.stream().map(r -> r.forks("p50_ns")).toList(), refs);
            for (int i = 0; i < rows.size(); i++) {
                if (all[i] >= 0) {
                    put(VerdictKey.rtt(rows.get(i)), refs[i] >= 0 ? Word.of(vs.outcome(i).verdict()) : Word.NOT_JUDGED, rows.get(i),
                            refs[i] >= 0 ? vs.outcome(i).test() : null);
                }
            }
        }
    }

    private void disruptor(RunData run) {
        Pilot pilot = Pilot.of(run);
        for (Row r : run.ok("disruptor-ratio.csv")) {
            if (!r.get("sides").isEmpty() && !r.get("sides").equals(OURS_OVER_LMAX)) {
                continue; // the like-for-like controls (slip off, unpadded) answer no declared question
            }
            String v = r.get("verdict");
            Word w = v.startsWith("alike") ? Word.ALIKE : "true".equals(r.get("differs")) ? (r.num("ratio") > 1 ? Word.ABOVE : Word.BELOW)
                    : v.startsWith("not judged") || v.startsWith("unknown") || v.isEmpty() ? Word.UNTESTED : Word.CANNOT_TELL;
            boolean judged = pilot.judges(VerdictKey.oursVsLmax(r));
            put(VerdictKey.oursVsLmax(r), judged ? w : Word.NOT_JUDGED, r, judged ? r.num("ratio") : Double.NaN);
        }
    }

    /**
     * How the verdicts a run makes are made by another: of those {@code a} decides, how many {@code b} makes the same way,
     * leaves undecided, or reverses (above ↔ below, best ↔ below best, alike ↔ above/below), and the reversed keys.
     */
    public record Agreement(int decided, int same, int undecided, int missing, List<String> reversed) {
        public double sameShare() {
            return decided == 0 ? Double.NaN : (double) same / decided;
        }
    }

    public static Agreement agreement(DeclaredVerdicts a, DeclaredVerdicts b) {
        int decided = 0;
        int same = 0;
        int undecided = 0;
        int missing = 0;
        List<String> reversed = new ArrayList<>();
        for (Map.Entry<String, Word> e : a.verdicts.entrySet()) {
            if (!e.getValue().decided()) {
                continue;
            }
            decided++;
            Word other = b.verdicts.get(e.getKey());
            if (other == null) {
                missing++;
            } else if (other == e.getValue()) {
                same++;
            } else if (other.decided()) {
                reversed.add(e.getKey() + ": " + e.getValue() + " → " + other);
            } else {
                undecided++;
            }
        }
        return new Agreement(decided, same, undecided, missing, reversed);
    }

    /** The agreement both ways in words: what compare prints of two runs of one commit. */
    public static String words(RunData runA, RunData runB) {
        DeclaredVerdicts a = of(runA);
        DeclaredVerdicts b = of(runB);
        return "Declared verdicts, a → b: " + line(agreement(a, b), "a", "b") + "\nDeclared verdicts, b → a: " + line(agreement(b, a), "b", "a");
    }

    private static String line(Agreement g, String x, String y) {
        if (g.decided() == 0) {
            return x + " makes no decided verdict on the declared questions.";
        }
        return String.format(java.util.Locale.ROOT, "of the %d decided verdicts %s makes, %s makes %d the same way (%.0f %%), leaves %d "
                        + "undecided, lacks %d, reverses %d%s", g.decided(), x, y, g.same(), 100 * g.sameShare(), g.undecided(), g.missing(),
                g.reversed().size(), g.reversed().isEmpty() ? "." : ": " + String.join("; ", g.reversed()) + ".");
    }
}
