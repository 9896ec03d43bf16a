package handoff.harness.report;

import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.stats.BestOf;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Stats;
import handoff.harness.stats.Verdict;
import handoff.harness.stats.VersusReference;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The verdicts one run makes on the declared questions ({@link Declared}), each keyed by question, table and row, in
 * the words {@code above}, {@code below}, {@code alike}, {@code best}, {@code not best} (decided) or
 * {@code cannot tell}, {@code best group}, {@code untested}, {@code not judged} (not decided): what {@code compare} sets side by side to say
 * whether a second run of the same code makes the same verdicts (docs/statistics.md §11), and what a study across boxes
 * compares per box.
 */
public final class DeclaredVerdicts {
    private static final Prose TEXT = Prose.of("claims");

    /** A declared comparison the run's pilot left out ({@link Pilot}): measured, in no family. */
    public static final String NOT_JUDGED = "not judged";

    /** What a run says on one declared comparison; the first five are decided (say something a reader can act on). */
    public enum Word {
        ABOVE(TEXT.get("word.above"), true), BELOW(TEXT.get("word.below"), true), ALIKE(TEXT.get("word.alike"), true),
        BEST(TEXT.get("word.best"), true), NOT_BEST(TEXT.get("word.not-best"), true), CANNOT_TELL(TEXT.get("word.cannot-tell"), false),
        BEST_GROUP(TEXT.get("word.best-group"), false), UNTESTED(TEXT.get("word.untested"), false), NOT_JUDGED(DeclaredVerdicts.NOT_JUDGED, false);

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

    /**
     * One declared verdict with what it rests on: the test's estimate (the geometric mean of per-round ratios, the one
     * estimator of a ratio: docs/statistics.md §3) and its interval, the raw and the family-adjusted p, the forks of each
     * side and the rows compared (the row first, then its reference or the row that beat it). NaN where nothing was
     * tested (not judged, untested, a best group).
     */
    public record Judged(Word word, double ratio, double lo, double hi, double level, double p, double pAdjusted, int family,
                         int forksA, int forksB, String test, List<TextLine> rows) {
        public Judged {
            rows = List.copyOf(rows);
        }

        static Judged of(Word word, Comparison c, double adjusted, int family, List<TextLine> rows) {
            if (c == null) {
                return bare(word, rows);
            }
            return new Judged(word, c.ratio(), c.lo(), c.hi(), c.level(), c.p(), adjusted, family, c.nA(), c.nB(), c.design(), rows);
        }

        /**
         * A comparison the run did not judge (its pilot left it out): the test's estimate and interval for reading, no p,
         * no family, the word {@code not judged}.
         */
        static Judged estimate(double[] a, double[] b, List<TextLine> rows) {
            if (a == null || b == null) {
                return bare(Word.NOT_JUDGED, rows);
            }
            Comparison c = Stats.shiftTest(a, b);
            return new Judged(Word.NOT_JUDGED, c.ratio(), c.lo(), c.hi(), c.level(), Double.NaN, Double.NaN, 0, c.nA(), c.nB(), c.design(), rows);
        }

        static Judged bare(Word word, List<TextLine> rows) {
            return new Judged(word, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, 0, 0, "", rows);
        }

        /** The fewest forks (or pairs) of a side; 0 where nothing was tested. */
        public int fewestForks() {
            return Math.min(forksA, forksB);
        }
    }

    /** Verdict key ({@link VerdictKey}: question | table | row) → what the run says, in the run's order. */
    private final Map<String, Judged> verdicts = new LinkedHashMap<>();

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
        Map<String, Word> words = new LinkedHashMap<>();
        verdicts.forEach((k, j) -> words.put(k, j.word()));
        return Collections.unmodifiableMap(words);
    }

    /** Question | table | row → the verdict with what it rests on, in the run's order. */
    public Map<String, Judged> judged() {
        return Collections.unmodifiableMap(verdicts);
    }

    /** The row a verdict is said of; null where the run makes none by that key. */
    public TextLine row(String key) {
        Judged j = verdicts.get(key);
        return j == null || j.rows().isEmpty() ? null : j.rows().get(0);
    }

    /**
     * The ratio the verdict's test estimates (docs/statistics.md §3: the geometric mean of per-round ratios; ours ÷ LMAX
     * of per-pair ratios), as the run's report prints it; NaN where the run made no verdict on it (against the best, not
     * judged, a test not run).
     */
    public double ratio(String key) {
        Judged j = verdicts.get(key);
        return j == null || j.word() == Word.NOT_JUDGED ? Double.NaN : j.ratio();
    }

    private void pipeline(RunData run) {
        Pilot pilot = Pilot.of(run);
        List<TextLine> all = RunData.where(RunData.eq(run.ok(RunData.PIPELINE), "workers", "1"), Declared::inPipelineFamilies);
        Map<String, List<TextLine>> tables = new LinkedHashMap<>();
        for (TextLine r : all) {
            tables.computeIfAbsent(VerdictKey.pipelineTable(r), k -> new ArrayList<>()).add(r);
        }
        tables.forEach((table, rows) -> {
            List<double[]> forks = rows.stream().map(r -> r.forks("throughput_eps")).toList();
            BestOf best = BestOf.of(forks, true);
            int ref = Declared.abqReference(rows);
            VersusReference vs = VersusReference.of(forks, Declared.references(rows, ref, r -> pilot.judges(VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, r))));
            for (int i = 0; i < rows.size(); i++) {
                String bestKey = VerdictKey.pipeline(VerdictKey.PIPELINE_BEST, rows.get(i));
                BestOf.Place place = best.place(i);
                Word bestWord = !pilot.judges(bestKey) ? Word.NOT_JUDGED : switch (place.standing()) {
                    case BEST -> Word.BEST;
                    case NOT_BEST -> Word.NOT_BEST;
                    case IN_BEST_GROUP -> Word.BEST_GROUP;
                    case UNTESTED -> Word.UNTESTED;
                };
                verdicts.put(bestKey, bestWord == Word.NOT_BEST && place.beatenBy() >= 0
                        ? Judged.of(bestWord, place.test(), place.p(), best.testable() - 1, List.of(rows.get(i), rows.get(place.beatenBy())))
                        : Judged.bare(bestWord, List.of(rows.get(i))));
                if (i != ref && ref >= 0) {
                    String key = VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, rows.get(i));
                    VersusReference.Outcome o = vs.outcome(i);
                    verdicts.put(key, pilot.judges(key) ? Judged.of(Word.of(o.verdict()), o.test(), o.adjustedP(), vs.family(),
                            List.of(rows.get(i), rows.get(ref))) : Judged.estimate(forks.get(i), forks.get(ref), List.of(rows.get(i), rows.get(ref))));
                }
            }
        });
    }

    private void rtt(RunData run) {
        Pilot pilot = Pilot.of(run);
        List<TextLine> p1 = RunData.where(run.ok(RunData.RTT), r -> "1".equals(r.producers()));
        for (String burst : RunData.distinct(p1, "burst")) {
            List<TextLine> rows = RunData.eq(p1, "burst", burst);
            int[] refs = Declared.baselineReferences(rows, r -> pilot.judges(VerdictKey.rtt(r)));
            int[] all = Declared.baselineReferences(rows);
            VersusReference vs = VersusReference.of(rows.stream().map(r -> r.forks("p50_ns")).toList(), refs);
            for (int i = 0; i < rows.size(); i++) {
                if (all[i] >= 0) {
                    VersusReference.Outcome o = vs.outcome(i);
                    List<TextLine> sides = List.of(rows.get(i), rows.get(all[i]));
                    verdicts.put(VerdictKey.rtt(rows.get(i)), refs[i] >= 0 ? Judged.of(Word.of(o.verdict()), o.test(), o.adjustedP(), vs.family(), sides)
                            : Judged.estimate(rows.get(i).forks("p50_ns"), rows.get(all[i]).forks("p50_ns"), sides));
                }
            }
        }
    }

    private void disruptor(RunData run) {
        Pilot pilot = Pilot.of(run);
        for (TextLine r : run.ok(RatioLine.FILE)) {
            RatioLine l = RatioLine.of(r);
            if (!l.sides().isEmpty() && !l.sides().equals(Declared.OURS_OVER_LMAX)) {
                continue; // the like-for-like controls (slip off, unpadded) answer no declared question
            }
            String v = l.verdict();
            Word w = v.startsWith("alike") ? Word.ALIKE : "true".equals(l.differs()) ? (l.ratio() > 1 ? Word.ABOVE : Word.BELOW)
                    : v.startsWith("not judged") || v.startsWith("unknown") || v.isEmpty() ? Word.UNTESTED : Word.CANNOT_TELL;
            int pairs = (int) l.pairCount();
            verdicts.put(VerdictKey.oursVsLmax(r), pilot.judges(VerdictKey.oursVsLmax(r))
                    ? new Judged(w, l.ratio(), l.ratioLo(), l.ratioHi(), l.intervalLevel(), l.p(), l.pHolm(),
                            0, pairs, pairs, l.test(), List.of(r))
                    : new Judged(Word.NOT_JUDGED, l.ratio(), l.ratioLo(), l.ratioHi(), l.intervalLevel(), Double.NaN,
                            Double.NaN, 0, pairs, pairs, l.test(), List.of(r)));
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
        for (Map.Entry<String, Word> e : a.all().entrySet()) {
            if (!e.getValue().decided()) {
                continue;
            }
            decided++;
            Word other = b.verdicts.containsKey(e.getKey()) ? b.verdicts.get(e.getKey()).word() : null;
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
        return TEXT.fill("agreement.both").with("ab", line(agreement(a, b), "a", "b")).with("ba", line(agreement(b, a), "b", "a")).text();
    }

    private static String line(Agreement g, String x, String y) {
        if (g.decided() == 0) {
            return TEXT.fill("agreement.none").with("x", x).text();
        }
        String share = String.format(Locale.ROOT, "%.0f", 100 * g.sameShare());
        return g.reversed().isEmpty()
                ? TEXT.fill("agreement.line").with("decided", g.decided()).with("x", x).with("y", y).with("same", g.same()).with("share", share)
                        .with("undecided", g.undecided()).with("missing", g.missing()).with("reversed", g.reversed().size()).text()
                : TEXT.fill("agreement.line.reversed").with("decided", g.decided()).with("x", x).with("y", y).with("same", g.same())
                        .with("share", share).with("undecided", g.undecided()).with("missing", g.missing()).with("reversed", g.reversed().size())
                        .with("keys", String.join("; ", g.reversed())).text();
    }
}
