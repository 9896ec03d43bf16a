package handoff.harness.gate;

import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Holm;
import handoff.harness.stats.LogT;
import handoff.harness.stats.RoundMeans;
import handoff.harness.stats.Stats;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The regression gate of {@code compare BASE NEW --fail-on regression [--threshold X%]} (docs/statistics.md §11): a
 * line is a regression when NEW is worse than BASE by more than the threshold. Its family is declared before any value
 * is read: the metrics of the declared headline questions ({@link handoff.harness.report.Declared#headline}), on rows neither run flags. Its
 * test: one-sided Welch t on log per-fork values (the runs share no rounds) that the worse-way ratio (NEW ÷ BASE where
 * lower is better, BASE ÷ NEW where higher is) exceeds 1 + X; Holm over the family, α = {@link Stats#ALPHA}.
 *
 * <p>Beside the lines, one test of the headline rows <b>together</b> ({@link Together}, {@code stats.RoundMeans}): per
 * round, the geometric mean of the tested lines' worse-way values, compared between the runs by a one-sided Welch t —
 * the rounds are the replicates, so a slow spell shared by a round stays in the spread instead of being counted once
 * per line. α is split by the fallback procedure (Wiens 2003): the rows together at α/2; the lines with at least
 * {@link #ALONE_FORKS} forks in both runs, Holm at α/2; where the rows together show a regression, every line, Holm at
 * α, to name those that carry it. A line of fewer forks is not tested alone first: with 3, a line whose forks all land
 * in a slow mode looks like a regression ({@code GateSimulationTest}: 7.9 % false alarms over 22 lines on this box's
 * fork distributions). Where the rows together cannot be formed (fewer than two lines, or two rounds in a run) the
 * lines are tested alone at α.
 *
 * <p>Its power is stated: for the rows together and each line tested alone, the smallest regression it would find at
 * its level with the spread these forks show ({@link #detectable}). The gate <b>can fail</b> when one of them could find
 * a regression of twice the threshold; where none could, it says so and {@code compare} exits 3, never 0.
 */
final class Gate {
    private static final Prose TEXT = Prose.of("gate");
    /** The threshold when none is given: 10 % worse. */
    static final double DEFAULT_THRESHOLD = 0.10;

    /** The test as printed. */
    static final String TEST = "one-sided " + LogT.WELCH;
    /** The rows-together test as printed. */
    static final String TOGETHER_TEST = "one-sided Welch t on the log per-round means";

    /** What the gate says of one line. */
    enum Outcome { REGRESSION, NOT_SHOWN, FLAGGED, UNTESTED, NOT_GATED }

    /**
     * @param outcome    its outcome
     * @param p          the one-sided p before correction; NaN where not tested
     * @param pHolm      after Holm over the family; NaN where not tested
     * @param detectable the smallest worse-way ratio this line would call a regression at α / m; NaN where not tested
     * @param words      the outcome with its test and level
     */
    record Result(Outcome outcome, double p, double pHolm, double detectable, String words) {
    }

    /**
     * The headline rows together: the tested lines whose every fork up to the run's common rounds is known, per round
     * the geometric mean of their worse-way values (a higher-is-better value inverted), NEW's rounds against BASE's.
     *
     * @param lines      the names of the lines averaged
     * @param test       the one-sided Welch t on the per-round means (worse-way ratio NEW ÷ BASE)
     * @param p          its one-sided p that the worse-way ratio exceeds 1 + threshold
     * @param detectable the smallest worse-way ratio it would call a regression at α/2
     * @param regression whether it shows one
     */
    record Together(List<String> lines, Comparison test, double p, double detectable, boolean regression) {
    }

    final double threshold;
    /** Lines tested together (the Holm family). */
    final int family;
    /** The headline rows together; null where fewer than two lines or two rounds a run could be averaged. */
    final Together together;
    /** The level of the lines' Holm family: α/2 beside the rows together, α where these showed a regression or could not be formed. */
    final double lineAlpha;
    /**
     * Forks a run a line needs to be tested alone beside the rows together: with 3, a line whose forks all land in a
     * slow mode looks like a regression (over 22 lines a 7.9 % false-alarm rate on this box's distributions,
     * {@code GateSimulationTest}); with 5 that takes five slow forks in a row.
     */
    static final int ALONE_FORKS = 5;
    private final Map<ComparedMetric, Result> results = new IdentityHashMap<>();

    Gate(Comparer c, double threshold) {
        this.threshold = threshold;
        List<ComparedMetric> lines = c.lines;
        double[] p = new double[lines.size()];
        Comparison[] tests = new Comparison[lines.size()];
        Arrays.fill(p, Double.NaN);
        for (int i = 0; i < lines.size(); i++) {
            ComparedMetric l = lines.get(i);
            if (!l.headline) {
                results.put(l, new Result(Outcome.NOT_GATED, Double.NaN, Double.NaN, Double.NaN, TEXT.get("line.not-headline")));
            } else if (l.flagged()) {
                results.put(l, new Result(Outcome.FLAGGED, Double.NaN, Double.NaN, Double.NaN,
                        TEXT.fill("line.flagged").with("flags", String.join(", ", l.flags)).text()));
            } else if (known(l.forksA) < 2 || known(l.forksB) < 2) {
                results.put(l, new Result(Outcome.UNTESTED, Double.NaN, Double.NaN, Double.NaN,
                        TEXT.get("line.untested")));
            } else {
                tests[i] = worseWay(l);
                // a comparison the t-test's assumption check refused stays in the family at p = 1 (docs/statistics.md §3)
                p[i] = LogT.refused(tests[i]) ? 1 : tests[i].pAbove(1 + threshold);
            }
        }
        this.together = together(lines, tests, threshold);
        // who is in the lines' Holm family, and at what level (the fallback procedure, docs/statistics.md §11)
        double[] q = p.clone();
        if (together == null || together.regression()) {
            this.lineAlpha = Stats.ALPHA; // every tested line: alone, or to name what the rows together found
        } else {
            this.lineAlpha = Stats.ALPHA / 2;
            for (int i = 0; i < lines.size(); i++) {
                if (!Double.isNaN(q[i]) && !alone(lines.get(i))) {
                    q[i] = Double.NaN; // too few forks to be tested alone: it counts only within the rows together
                }
            }
        }
        double[] adj = Holm.adjust(q);
        this.family = (int) Arrays.stream(q).filter(x -> !Double.isNaN(x)).count();
        for (int i = 0; i < lines.size(); i++) {
            if (Double.isNaN(p[i])) {
                continue;
            }
            ComparedMetric l = lines.get(i);
            if (Double.isNaN(q[i])) {
                results.put(l, new Result(Outcome.NOT_SHOWN, p[i], Double.NaN, Double.NaN, TEXT.fill("line.not-alone")
                        .with("threshold", percent(threshold))
                        .with("ratio", LogT.refused(tests[i]) ? TEXT.get("line.two-modes") : NumberText.ratio(tests[i].ratio()))
                        .with("forksA", known(l.forksA)).with("forksB", known(l.forksB)).with("alone", ALONE_FORKS).text()));
                continue;
            }
            if (LogT.refused(tests[i])) {
                results.put(l, new Result(Outcome.NOT_SHOWN, p[i], adj[i], Double.NaN, TEXT.fill("line.refused")
                        .with("design", tests[i].design()).text()));
                continue;
            }
            boolean regression = adj[i] <= lineAlpha;
            double d = detectable(tests[i], threshold, lineAlpha / family);
            String outcome = regression ? TEXT.fill("line.regression").with("threshold", percent(threshold)).text()
                    : TEXT.fill("line.not-shown").with("threshold", percent(threshold)).text();
            String words = TEXT.fill("line.tested").with("outcome", outcome).with("ratio", NumberText.ratio(tests[i].ratio())).with("p", Stats.formatP(adj[i])).with("test", TEST)
                    .with("forksA", known(l.forksA)).with("forksB", known(l.forksB)).with("family", family)
                    .with("alpha", Stats.formatP(lineAlpha)).with("finds", NumberText.ratio(d)).text();
            results.put(l, new Result(regression ? Outcome.REGRESSION : Outcome.NOT_SHOWN, p[i], adj[i], d, words));
        }
    }

    /** Whether a line has forks enough in both runs to be tested alone before the rows together show a regression. */
    static boolean alone(ComparedMetric l) {
        return known(l.forksA) >= ALONE_FORKS && known(l.forksB) >= ALONE_FORKS;
    }

    /** The rows together (see {@link Together}); null where fewer than two lines or two rounds in a run can be averaged. */
    private static Together together(List<ComparedMetric> lines, Comparison[] tests, double threshold) {
        List<ComparedMetric> used = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (tests[i] != null) {
                used.add(lines.get(i));
            }
        }
        used.removeIf(l -> !RoundMeans.usable(l.forksA, l.forksA.length) || !RoundMeans.usable(l.forksB, l.forksB.length));
        int roundsA = RoundMeans.rounds(used.stream().map(l -> l.forksA).toList());
        int roundsB = RoundMeans.rounds(used.stream().map(l -> l.forksB).toList());
        if (used.size() < 2 || roundsA < 2 || roundsB < 2) {
            return null;
        }
        boolean[] higher = new boolean[used.size()];
        for (int i = 0; i < higher.length; i++) {
            higher[i] = used.get(i).metric.higherIsBetter();
        }
        Comparison c = RoundMeans.worseWay(used.stream().map(l -> l.forksA).toList(), used.stream().map(l -> l.forksB).toList(), higher);
        double p = LogT.refused(c) ? 1 : c.pAbove(1 + threshold);
        return new Together(used.stream().map(ComparedMetric::name).toList(), c, p,
                LogT.refused(c) ? Double.NaN : detectable(c, threshold, Stats.ALPHA / 2), p <= Stats.ALPHA / 2);
    }

    /** The comparison oriented so that a ratio above 1 is worse: NEW ÷ BASE where lower is better, BASE ÷ NEW where higher is. */
    static Comparison worseWay(ComparedMetric l) {
        return l.metric.higherIsBetter() ? Stats.acrossRuns(l.forksA, l.forksB) : Stats.acrossRuns(l.forksB, l.forksA);
    }

    /**
     * The smallest worse-way ratio the one-sided test would call beyond the threshold at {@code alpha}, with this
     * line's standard error and degrees of freedom: (1 + X) · exp(t(1 − α, df) · se). The gate's power, stated per line.
     */
    static double detectable(Comparison c, double threshold, double alpha) {
        double t = c.se() == 0 ? 0 : TDistribution.of(c.df()).inverseSurvivalProbability(alpha);
        return (1 + threshold) * Math.exp(t * c.se());
    }

    private static int known(double[] v) {
        return v == null ? 0 : (int) Arrays.stream(v).filter(d -> !Double.isNaN(d) && d > 0).count();
    }

    Result result(ComparedMetric l) {
        return results.get(l);
    }

    long count(Outcome o) {
        return results.values().stream().filter(r -> r.outcome() == o).count();
    }

    boolean failed() {
        return count(Outcome.REGRESSION) > 0 || together != null && together.regression();
    }

    /** Whether the rows together or some line tested alone would find a regression of twice the threshold with the spread its forks show. */
    boolean canFail() {
        return bestDetectable() <= 1 + 2 * threshold;
    }

    /** The smallest regression the rows together or a line tested alone would find; NaN where none was tested. */
    double bestDetectable() {
        double lines = results.values().stream().mapToDouble(Result::detectable).filter(d -> !Double.isNaN(d)).min().orElse(Double.NaN);
        double rows = together == null ? Double.NaN : together.detectable();
        return Double.isNaN(rows) ? lines : Double.isNaN(lines) ? rows : Math.min(lines, rows);
    }

    /** The rows together in words: its test, level, power and outcome. */
    String togetherWords() {
        if (together == null) {
            return TEXT.get("together.none");
        }
        Comparison c = together.test();
        return TEXT.fill("together").with("lines", together.lines().size()).with("roundsB", c.nB()).with("roundsA", c.nA())
                .with("ratio", NumberText.ratio(c.ratio())).with("p", Stats.formatP(together.p())).with("test", TOGETHER_TEST)
                .with("alpha", Stats.formatP(Stats.ALPHA / 2)).with("finds", NumberText.ratio(together.detectable()))
                .with("outcome", together.regression()
                        ? TEXT.fill("together.regression").with("threshold", percent(threshold))
                        .with("rows", String.join("; ", together.lines())).text()
                        : TEXT.fill("together.not-shown").with("threshold", percent(threshold)).text()).text();
    }

    static String percent(double x) {
        return NumberText.num(Math.round(x * 1e6) / 1e4) + " %";
    }

    /** What the gate found, with its test, level and power. */
    String summary() {
        String how = together == null ? TEXT.get("how.none")
                : together.regression() ? TEXT.get("how.all")
                : TEXT.fill("how.alone").with("alone", ALONE_FORKS).text();
        String s = TEXT.fill("summary").with("threshold", percent(threshold)).with("regressions", count(Outcome.REGRESSION))
                .with("plural", count(Outcome.REGRESSION) == 1 ? "" : "s").with("family", family).with("test", TEST)
                .with("family2", family).with("alpha", Stats.formatP(lineAlpha)).with("how", how)
                .with("flagged", count(Outcome.FLAGGED)).with("untested", count(Outcome.UNTESTED))
                .with("listed", count(Outcome.NOT_GATED)).with("together", togetherWords()).text();
        if (family == 0 && together == null) {
            return s + " " + TEXT.get("summary.untestable");
        }
        if (!canFail()) {
            return s + " " + TEXT.fill("summary.powerless").with("finds", NumberText.ratio(bestDetectable())).text();
        }
        return s + " " + TEXT.fill("summary.power").with("finds", NumberText.ratio(bestDetectable()))
                .with("together", together == null ? TEXT.get("summary.not-formed") : NumberText.ratio(together.detectable())).text();
    }

}
