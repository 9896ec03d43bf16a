package handoff.harness.pipelinereport;

import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;
import handoff.harness.page.TestedClaims;
import handoff.harness.page.TextLine;
import handoff.harness.pipeline.PipelineLine;
import handoff.harness.report.Declared;
import handoff.harness.report.DeclaredVerdicts;
import handoff.harness.report.Pilot;
import handoff.harness.report.VerdictKey;
import handoff.harness.stats.BestOf;
import handoff.harness.stats.Stats;
import handoff.harness.stats.Verdict;
import handoff.harness.stats.VersusReference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * The decision table's declared questions (docs/statistics.md §5–§6; {@code report.Declared}): saturation and p99 at
 * one load, each row against the table's best (multiple comparisons with the best) and saturation against {@code abq},
 * the JDK's ArrayBlockingQueue (put/take where the run measured it); the marks after a value, the "choose it when" words and the verdict paragraph. A row gets advice
 * only where its family's test supports it: "throughput matters" only in a best group that the test set apart from
 * some other row.
 */
final class DecisionChoice {
    private static final Prose TEXT = Prose.of("decision");
    private final List<TextLine> rows;
    private final List<TextLine> withLat;
    private final List<TextLine> latRows;
    private final List<TextLine> idle;
    private final BestOf sat;
    private final BestOf p99;
    private final VersusReference vsAbq;
    private final int abq;
    private final Pilot pilot;

    DecisionChoice(List<TextLine> rows, List<TextLine> lat, List<TextLine> idle, Pilot pilot) {
        this.rows = rows;
        this.pilot = pilot;
        this.latRows = lat;
        this.idle = idle;
        // the like-for-like controls (lmax-ours, disruptor-noslip) are shown, never in the families (report.Declared)
        this.sat = BestOf.of(rows.stream().map(r -> Declared.inPipelineFamilies(r) ? r.forks("throughput_eps") : null).toList(), true);
        // only steady, unsaturated rows rank as hand-off latency
        this.withLat = rows.stream().filter(r -> DecisionSection.match(lat, r) != null
                && SameRateLatencyFigure.ranks(DecisionSection.match(lat, r))).toList();
        this.p99 = BestOf.of(withLat.stream().map(r -> Declared.inPipelineFamilies(r) ? DecisionSection.match(lat, r).forks("p99_ns") : null)
                .toList(), false);
        this.abq = Declared.abqReference(rows);
        this.vsAbq = VersusReference.of(rows.stream().map(r -> Declared.inPipelineFamilies(r) ? r.forks("throughput_eps") : null).toList(),
                Declared.references(rows, abq, r -> pilot.judges(VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, r))));
    }

    /** The mark after a saturation value: " (best)", " (best group)", " (not best)"; empty where untested. */
    String satMark(TextLine r) {
        int i = rows.indexOf(r);
        if (i >= 0 && !judgedBest(i)) {
            return " " + TEXT.get("mark.not-judged");
        }
        // where a pilot left rows out, the best group holds rows not judged: a judged row in it is only "cannot tell"
        return i >= 0 && !wholeBest() && sat.place(i).standing() == BestOf.Standing.IN_BEST_GROUP ? " " + TEXT.get("mark.cannot-tell") : mark(sat, i);
    }

    /** Whether every row of the saturation families is judged against the best (no pilot, or one that left none out). */
    private boolean wholeBest() {
        return IntStream.range(0, rows.size()).filter(i -> Declared.inPipelineFamilies(rows.get(i))).allMatch(this::judgedBest);
    }

    /** Whether the run judges row i against the best ({@link Pilot}); its MCB standing is shown only then. */
    private boolean judgedBest(int i) {
        return pilot.judges(VerdictKey.pipeline(VerdictKey.PIPELINE_BEST, rows.get(i)));
    }

    private BestOf.Standing standing(int i) {
        BestOf.Standing s = judgedBest(i) ? sat.place(i).standing() : BestOf.Standing.UNTESTED;
        return s == BestOf.Standing.IN_BEST_GROUP && !wholeBest() ? BestOf.Standing.UNTESTED : s;
    }

    String p99Mark(TextLine r) {
        int i = withLat.indexOf(r);
        return i < 0 ? "" : mark(p99, i);
    }

    private static String mark(BestOf b, int i) {
        if (i < 0) {
            return "";
        }
        return switch (b.place(i).standing()) {
            case BEST -> " " + TEXT.get("mark.best");
            case IN_BEST_GROUP -> b.splits() ? " " + TEXT.get("mark.best-group") : "";
            case NOT_BEST -> " " + TEXT.get("mark.not-best");
            case UNTESTED -> b.place(i).refused() ? " " + TEXT.get("mark.untested") : ""; // a comparison that could place it refused (docs/statistics.md §6)
        };
    }

    /** The saturation ÷ abq cell: ratio and verdict word; empty for the reference row itself or where untested. */
    String vsAbqCell(TextLine r) {
        int i = rows.indexOf(r);
        if (i == abq) {
            return TEXT.get("cell.reference");
        }
        if (!Declared.inPipelineFamilies(r)) {
            return TEXT.get("cell.control");
        }
        if (!pilot.judges(VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, r))) {
            return DeclaredVerdicts.NOT_JUDGED;
        }
        VersusReference.Outcome o = abq < 0 ? null : vsAbq.outcome(i);
        if (o == null || o.verdict() == Verdict.UNTESTED) {
            return NumberText.NONE;
        }
        return NumberText.ratio(o.test().ratio()) + " " + o.verdict().word(TEXT.get("word.above"), TEXT.get("word.below"));
    }

    String of(TextLine r) {
        List<String> why = new ArrayList<>();
        int i = rows.indexOf(r);
        BestOf.Standing s = standing(i);
        if (s == BestOf.Standing.BEST) {
            why.add(TEXT.get("why.throughput-best"));
        } else if (s == BestOf.Standing.IN_BEST_GROUP && sat.splits()) {
            why.add(TEXT.get("why.throughput-group"));
        }
        int j = withLat.indexOf(r);
        if (j >= 0 && p99.place(j).standing() == BestOf.Standing.BEST) {
            why.add(TEXT.get("why.tail-best"));
        } else if (j >= 0 && p99.place(j).standing() == BestOf.Standing.IN_BEST_GROUP && p99.splits()) {
            why.add(TEXT.get("why.tail-group"));
        }
        double[] bytes = rows.stream().mapToDouble(x -> PipelineLine.of(x).allocBytesPerEvent()).filter(d -> !Double.isNaN(d)).toArray();
        double minBytes = Arrays.stream(bytes).min().orElse(Double.NaN);
        double maxBytes = Arrays.stream(bytes).max().orElse(Double.NaN);
        if (PipelineLine.of(r).allocBytesPerEvent() <= minBytes * 1.1 + 1 && maxBytes > 2 * minBytes + 8) {
            why.add(TEXT.get("why.garbage"));
        }
        TextLine idleRow = DecisionSection.match(idle, r);
        double maxIdle = idle.stream().mapToDouble(x -> LoadLine.of(x).idleCpus()).filter(d -> !Double.isNaN(d)).max().orElse(0);
        if (idleRow != null && LoadLine.of(idleRow).idleCpus() < 0.05 && maxIdle > 0.5) {
            why.add(TEXT.get("why.idles"));
        }
        if (why.isEmpty()) {
            return TEXT.get("why.none");
        }
        return String.join("; ", why) + (r.oversubscribed() ? " — " + TEXT.get("why.oversubscribed") : "");
    }

    /** How many of the declared saturation comparisons (against the best, against abq) reached a verdict. */
    int[] decided() {
        int made = 0;
        int all = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (judgedBest(i) && (sat.place(i).standing() != BestOf.Standing.UNTESTED || sat.place(i).refused())) {
                all++;
                made += standing(i) == BestOf.Standing.NOT_BEST || standing(i) == BestOf.Standing.BEST ? 1 : 0;
            }
            if (i != abq && abq >= 0 && vsAbq.outcome(i).verdict() != Verdict.UNTESTED) {
                all++;
                made += vsAbq.outcome(i).verdict().decided() ? 1 : 0;
            }
        }
        return new int[] {made, all};
    }

    String verdict() {
        StringBuilder s = new StringBuilder(TEXT.fill("verdict.saturation").with("method", sat.method())
                .with("words", words(sat, rows, TEXT.get("word.highest"), i -> judgedBest(i) || !Declared.inPipelineFamilies(rows.get(i))))
                .with("notJudged", notJudged()).text());
        if (abq >= 0 && vsAbq.family() > 0) {
            s.append(' ').append(TEXT.fill("verdict.abq").with("label", rows.get(abq).label())
                    .with("reference", DecisionSection.abqReference(rows.get(abq))).with("family", vsAbq.family())
                    .with("alpha", Stats.formatP(Stats.ALPHA)).with("margin", Stats.formatPercent(Stats.MARGIN))
                    .with("byVerdict", byVerdict()).text());
        }
        if (latRows.isEmpty()) {
            return s.append(' ').append(TEXT.get("verdict.no-latency")).toString();
        }
        long out = latRows.stream().filter(r -> !SameRateLatencyFigure.ranks(r)).count();
        String fell = out == 0 ? "" : " " + TEXT.fill("verdict.fell-out").with("out", out).with("rows", latRows.size())
                .with("why", String.join(", ", latRows.stream().filter(r -> !SameRateLatencyFigure.ranks(r))
                .map(r -> r.label() + ": " + SameRateLatencyFigure.whyNot(r)).toList())).text();
        return s.append(' ').append(TEXT.fill("verdict.p99").with("words", words(p99, withLat, TEXT.get("word.lowest"), i -> true))
                .with("fell", fell).text()).toString();
    }

    private String byVerdict() {
        List<String> parts = new ArrayList<>();
        for (Verdict v : List.of(Verdict.ABOVE, Verdict.ALIKE, Verdict.BELOW, Verdict.CANNOT_TELL)) {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                if (i != abq && vsAbq.outcome(i).verdict() == v) {
                    names.add(rows.get(i).label() + " " + NumberText.ratio(vsAbq.outcome(i).test().ratio()));
                }
            }
            if (!names.isEmpty()) {
                parts.add(v.word(TEXT.get("word.higher"), TEXT.get("word.lower")) + ": " + String.join(", ", names));
            }
        }
        return parts.isEmpty() ? TEXT.get("verdict.nothing-tested") : String.join("; ", parts);
    }

    /** The rows the run's pilot left out of the saturation families, named; empty where it left none out. */
    private String notJudged() {
        List<String> best = new ArrayList<>();
        List<String> vs = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (!Declared.inPipelineFamilies(rows.get(i))) {
                continue;
            }
            if (!judgedBest(i)) {
                best.add(rows.get(i).label());
            }
            if (i != abq && abq >= 0 && !pilot.judges(VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, rows.get(i)))) {
                vs.add(rows.get(i).label());
            }
        }
        if (best.isEmpty() && vs.isEmpty()) {
            return "";
        }
        String which = (best.isEmpty() ? "" : TEXT.fill("left-out.best").with("rows", String.join(", ", best)).text())
                + (best.isEmpty() || vs.isEmpty() ? "" : "; ")
                + (vs.isEmpty() ? "" : TEXT.fill("left-out.abq").with("rows", String.join(", ", vs)).text());
        return " " + TEXT.fill("left-out").with("which", which).text();
    }

    private static String words(BestOf b, List<TextLine> rs, String best, IntPredicate judged) {
        if (rs.size() < 2) {
            return TEXT.get("words.one-row");
        }
        if (b.testable() < 2) {
            return TEXT.fill("words.untested").with("untested", TestedClaims.untestedTable(rs)).with("best", best).text();
        }
        List<String> group = b.group().stream().filter(judged::test).map(i -> rs.get(i).label()).toList();
        List<String> below = new ArrayList<>();
        for (int i = 0; i < rs.size(); i++) {
            if (b.place(i).standing() == BestOf.Standing.NOT_BEST && judged.test(i)) {
                below.add(rs.get(i).label());
            }
        }
        if (b.best() >= 0 && judged.test(b.best())) {
            TextLine w = rs.get(b.best());
            String flags = w.flags().isEmpty() ? "." : " " + TEXT.fill("words.flags").with("flags", w.flags()).text();
            return TEXT.fill("words.best").with("best", best).with("label", w.label()).with("flags", flags).text();
        }
        boolean whole = IntStream.range(0, rs.size()).allMatch(judged::test);
        if (!whole) { // the group holds rows the run does not judge: name only what the judged rows show
            List<String> open = b.group().stream().filter(judged::test).map(i -> rs.get(i).label()).toList();
            String shown = below.isEmpty() ? TEXT.fill("words.partial.none-below").with("best", best).text()
                    : TEXT.fill("words.partial.below").with("best", best).with("rows", String.join(", ", below)).text();
            return shown + (open.isEmpty() ? "." : TEXT.fill("words.partial.open").with("rows", String.join(", ", open)).text());
        }
        if (below.isEmpty()) {
            return TEXT.fill("words.none-below").with("best", best).text();
        }
        List<String> refused = IntStream.range(0, rs.size()).filter(i -> b.place(i).refused())
                .mapToObj(i -> rs.get(i).label()).toList();
        return TEXT.fill("words.group").with("group", String.join(", ", group)).with("best", best).with("below", String.join(", ", below))
                .with("refused", refused.isEmpty() ? "" : TEXT.fill("words.group.refused").with("rows", String.join(", ", refused)).text()).text();
    }
}
