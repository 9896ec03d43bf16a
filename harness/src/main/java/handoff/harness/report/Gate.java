package handoff.harness.report;

import handoff.harness.trial.Holm;
import handoff.harness.trial.OneSidedRankTest;
import handoff.harness.trial.Stats;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The regression gate of {@code compare BASE NEW --fail-on regression [--threshold X%]}: a line of the comparison is a
 * regression when NEW's per-fork values are worse than BASE's by more than the threshold, by a stated test — the
 * {@link OneSidedRankTest one-sided exact Mann–Whitney} test that NEW's values, moved back by the threshold, still lie
 * on the worse side of BASE's (lower is better: NEW ÷ (1 + X) above BASE; higher is better: BASE × (1 − X) above NEW),
 * Holm-corrected over the lines tested together, at α = {@link Stats#ALPHA}.
 *
 * <p>The family is fixed by the design before any value is read: every line with per-fork values in both runs and no
 * flag, whose fork counts could reach α on their own (one-sided, the smallest p of n and m forks is 1 / C(n+m, n):
 * 0.05 for 3 vs 3, 0.014 for 4 vs 4). A line its forks cannot resolve is said to be so and does not dilute the others;
 * a flagged line (oversubscribed, unstable, saturated, not warm, not steady) is listed and never gates; a line without
 * per-fork values is untested. A run compared with itself has no regression: each shifted value lies inside its own.
 */
final class Gate {
    /** The threshold when none is given: 5 % worse. */
    static final double DEFAULT_THRESHOLD = 0.05;

    /** What the gate says of one line. */
    enum Outcome { REGRESSION, NOT_SHOWN, UNRESOLVED, FLAGGED, UNTESTED }

    /**
     * @param outcome its outcome
     * @param p       the one-sided p before correction; NaN where not tested
     * @param pHolm   after Holm over the family; NaN where not tested
     * @param words   the outcome with its test and level
     */
    record Result(Outcome outcome, double p, double pHolm, String words) {
    }

    final double threshold;
    /** Lines tested together (the Holm family). */
    final int family;
    /** The smallest one-sided p any line of the family could give with its forks; NaN for an empty family. */
    private double floor = Double.NaN;
    private final Map<CompareLine, Result> results = new IdentityHashMap<>();
    private final List<CompareLine> lines;

    Gate(Comparer c, double threshold) {
        this.threshold = threshold;
        this.lines = c.lines;
        double[] p = new double[lines.size()];
        Arrays.fill(p, Double.NaN);
        for (int i = 0; i < lines.size(); i++) {
            CompareLine l = lines.get(i);
            int n = known(l.forksA);
            int m = known(l.forksB);
            if (l.flagged()) {
                String words = "flagged (" + String.join(", ", l.flags) + "): listed, never gates";
                results.put(l, new Result(Outcome.FLAGGED, Double.NaN, Double.NaN, words));
            } else if (n < 1 || m < 1) {
                results.put(l, new Result(Outcome.UNTESTED, Double.NaN, Double.NaN, "untested (no per-fork values in both runs)"));
            } else if (OneSidedRankTest.minP(n, m) > Stats.ALPHA) {
                results.put(l, new Result(Outcome.UNRESOLVED, Double.NaN, Double.NaN, String.format(Locale.ROOT,
                        "cannot be resolved at α = %s with %d vs %d forks (smallest one-sided p %s)", Stats.formatP(Stats.ALPHA), n, m,
                        Stats.formatP(OneSidedRankTest.minP(n, m)))));
            } else {
                p[i] = worse(l, threshold);
                floor = Double.isNaN(floor) ? OneSidedRankTest.minP(n, m) : Math.min(floor, OneSidedRankTest.minP(n, m));
            }
        }
        double[] adj = Holm.adjust(p);
        this.family = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        for (int i = 0; i < lines.size(); i++) {
            if (Double.isNaN(p[i])) {
                continue;
            }
            CompareLine l = lines.get(i);
            boolean regression = adj[i] <= Stats.ALPHA;
            String how = String.format(Locale.ROOT, " (p = %s, %s, %d vs %d forks, Holm over %d, α = %s)", Stats.formatP(adj[i]),
                    OneSidedRankTest.NAME, known(l.forksA), known(l.forksB), family, Stats.formatP(Stats.ALPHA));
            results.put(l, new Result(regression ? Outcome.REGRESSION : Outcome.NOT_SHOWN, p[i], adj[i],
                    (regression ? "regression: b worse than a by more than " : "no regression beyond ") + percent(threshold) + how));
        }
    }

    /**
     * One-sided p that b is worse than a by more than the threshold: lower is better, b ÷ (1 + X) tends above a;
     * higher is better, a × (1 − X) tends above b.
     */
    static double worse(CompareLine l, double threshold) {
        if (l.metric.higherIsBetter()) {
            return OneSidedRankTest.pGreater(l.forksB, scale(l.forksA, 1 - threshold));
        }
        return OneSidedRankTest.pGreater(l.forksA, scale(l.forksB, 1 / (1 + threshold)));
    }

    private static double[] scale(double[] v, double by) {
        return Arrays.stream(v).map(x -> x * by).toArray();
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

    /**
     * Whether these forks could show a regression at all: Holm's first step needs the smallest p times the family at
     * most α, so where even the smallest p the forks allow fails that, no line can ever be a regression.
     */
    boolean canFail() {
        return family > 0 && floor * family <= Stats.ALPHA;
    }

    static String percent(double x) {
        return Fmt.num(Math.round(x * 1e6) / 1e4) + " %";
    }

    /** What the gate found, with its test and level. */
    String summary() {
        return String.format(Locale.ROOT, "Regression gate (b worse than a by more than %s): %d regression%s among %d lines tested "
                        + "(%s on per-fork values, Holm over the %d, α = %s); %d cannot be resolved with their forks; %d flagged "
                        + "(listed, never gate); %d untested (no per-fork values).", percent(threshold), count(Outcome.REGRESSION),
                count(Outcome.REGRESSION) == 1 ? "" : "s", family, OneSidedRankTest.NAME, family, Stats.formatP(Stats.ALPHA),
                count(Outcome.UNRESOLVED), count(Outcome.FLAGGED), count(Outcome.UNTESTED))
                + (family > 0 && !canFail() ? String.format(Locale.ROOT, " With these forks the gate cannot find any regression: the "
                        + "smallest p they allow (%s) times the %d lines tested exceeds α; give the runs more forks or compare fewer rows.",
                        Stats.formatP(floor), family) : family == 0 ? " No line could be tested, so the gate cannot find any regression." : "");
    }
}
