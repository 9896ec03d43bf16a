package handoff.harness.report;

import handoff.harness.stats.Comparison;
import handoff.harness.stats.Holm;
import handoff.harness.stats.LogT;
import handoff.harness.stats.Stats;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The regression gate of {@code compare BASE NEW --fail-on regression [--threshold X%]} (docs/statistics.md §11): a
 * line is a regression when NEW is worse than BASE by more than the threshold. Its family is declared before any value
 * is read: the metrics of the declared headline questions ({@link Declared#headline}), on rows neither run flags. Its
 * test: one-sided Welch t on log per-fork values (the runs share no rounds) that the worse-way ratio (NEW ÷ BASE where
 * lower is better, BASE ÷ NEW where higher is) exceeds 1 + X; Holm over the family, α = {@link Stats#ALPHA}.
 *
 * <p>Its power is stated: per line the smallest regression it would find at the family's level with the spread these
 * forks show ({@link #detectable}). The gate <b>can fail</b> when some line could find a regression of twice the
 * threshold; where none could, it says so and {@code compare} exits 3, never 0.
 */
final class Gate {
    /** The threshold when none is given: 10 % worse. */
    static final double DEFAULT_THRESHOLD = 0.10;

    /** The test as printed. */
    static final String TEST = "one-sided " + LogT.WELCH;

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

    final double threshold;
    /** Lines tested together (the Holm family). */
    final int family;
    private final Map<CompareLine, Result> results = new IdentityHashMap<>();

    Gate(Comparer c, double threshold) {
        this.threshold = threshold;
        List<CompareLine> lines = c.lines;
        double[] p = new double[lines.size()];
        Comparison[] tests = new Comparison[lines.size()];
        Arrays.fill(p, Double.NaN);
        for (int i = 0; i < lines.size(); i++) {
            CompareLine l = lines.get(i);
            if (!l.headline) {
                results.put(l, new Result(Outcome.NOT_GATED, Double.NaN, Double.NaN, Double.NaN, "not a headline row: listed, never gates"));
            } else if (l.flagged()) {
                results.put(l, new Result(Outcome.FLAGGED, Double.NaN, Double.NaN, Double.NaN,
                        "flagged (" + String.join(", ", l.flags) + "): listed, never gates"));
            } else if (known(l.forksA) < 2 || known(l.forksB) < 2) {
                results.put(l, new Result(Outcome.UNTESTED, Double.NaN, Double.NaN, Double.NaN,
                        "untested: a headline row without two per-fork values in both runs"));
            } else {
                tests[i] = worseWay(l);
                // a comparison the t-test's assumption check refused stays in the family at p = 1 (docs/statistics.md §3)
                p[i] = LogT.refused(tests[i]) ? 1 : tests[i].pAbove(1 + threshold);
            }
        }
        double[] adj = Holm.adjust(p);
        this.family = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        for (int i = 0; i < lines.size(); i++) {
            if (Double.isNaN(p[i])) {
                continue;
            }
            CompareLine l = lines.get(i);
            if (LogT.refused(tests[i])) {
                results.put(l, new Result(Outcome.NOT_SHOWN, p[i], adj[i], Double.NaN, "no regression shown: " + tests[i].design()
                        + " (the t-test's assumption fails; this line cannot gate with these forks)"));
                continue;
            }
            boolean regression = adj[i] <= Stats.ALPHA;
            double d = detectable(tests[i], threshold, Stats.ALPHA / family);
            String how = String.format(Locale.ROOT, " (worse-way ratio %s, p = %s, %s, %d vs %d forks, Holm over %d, α = %s; finds ≥ %s)",
                    Fmt.ratio(tests[i].ratio()), Stats.formatP(adj[i]), TEST, known(l.forksA), known(l.forksB), family,
                    Stats.formatP(Stats.ALPHA), Fmt.ratio(d));
            results.put(l, new Result(regression ? Outcome.REGRESSION : Outcome.NOT_SHOWN, p[i], adj[i], d,
                    (regression ? "regression: b worse than a by more than " : "no regression beyond ") + percent(threshold) + how));
        }
    }

    /** The comparison oriented so that a ratio above 1 is worse: NEW ÷ BASE where lower is better, BASE ÷ NEW where higher is. */
    static Comparison worseWay(CompareLine l) {
        return l.metric.higherIsBetter() ? Stats.acrossRuns(l.forksA, l.forksB) : Stats.acrossRuns(l.forksB, l.forksA);
    }

    /**
     * The smallest worse-way ratio the one-sided test would call beyond the threshold at {@code alpha}, with this
     * line's standard error and degrees of freedom: (1 + X) · exp(t(1 − α, df) · se). The gate's power, stated per line.
     */
    static double detectable(Comparison c, double threshold, double alpha) {
        double t = c.se() == 0 ? 0 : org.apache.commons.statistics.distribution.TDistribution.of(c.df()).inverseSurvivalProbability(alpha);
        return (1 + threshold) * Math.exp(t * c.se());
    }

    private static int known(double[] v) {
        return v == null ? 0 : (int) Arrays.stream(v).filter(d -> !Double.isNaN(d) && d > 0).count();
    }

    Result result(CompareLine l) {
        return results.get(l);
    }

    long count(Outcome o) {
        return results.values().stream().filter(r -> r.outcome() == o).count();
    }

    boolean failed() {
        return count(Outcome.REGRESSION) > 0;
    }

    /** Whether some tested line would find a regression of twice the threshold with the spread its forks show. */
    boolean canFail() {
        return results.values().stream().anyMatch(r -> !Double.isNaN(r.detectable()) && r.detectable() <= 1 + 2 * threshold);
    }

    /** The smallest regression any tested line would find; NaN where none was tested. */
    double bestDetectable() {
        return results.values().stream().mapToDouble(Result::detectable).filter(d -> !Double.isNaN(d)).min().orElse(Double.NaN);
    }

    static String percent(double x) {
        return Fmt.num(Math.round(x * 1e6) / 1e4) + " %";
    }

    /** What the gate found, with its test, level and power. */
    String summary() {
        String s = String.format(Locale.ROOT, "Regression gate (b worse than a by more than %s, on the declared headline rows): %d regression%s "
                        + "among %d lines tested (%s, Holm over the %d, α = %s); %d headline lines flagged (listed, never gate); %d "
                        + "untested; %d lines not headline (listed only).", percent(threshold), count(Outcome.REGRESSION),
                count(Outcome.REGRESSION) == 1 ? "" : "s", family, TEST, family, Stats.formatP(Stats.ALPHA),
                count(Outcome.FLAGGED), count(Outcome.UNTESTED), count(Outcome.NOT_GATED));
        if (family == 0) {
            return s + " No headline line could be tested, so the gate cannot fail (exit 3 with --fail-on).";
        }
        if (!canFail()) {
            return s + String.format(Locale.ROOT, " Power: with these forks no line would find a regression of twice the threshold "
                    + "(the most sensitive finds ≥ %s); the gate cannot fail (exit 3 with --fail-on): give the runs more forks.",
                    Fmt.ratio(bestDetectable()));
        }
        return s + String.format(Locale.ROOT, " Power: the most sensitive line finds a regression from %s (each line's figure is in its "
                + "gate cell).", Fmt.ratio(bestDetectable()));
    }
}
