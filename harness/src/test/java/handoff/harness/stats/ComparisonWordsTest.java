package handoff.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A comparison's verdict in the words the report prints (docs/statistics.md §5, §7), one sentence per branch, and the
 * words a family's verdict takes ({@link Verdict}, {@link Verdicts}). The numbers in the t-test sentences are those
 * LogTOracleTest checks against scipy (here as the report rounds them).
 */
class ComparisonWordsTest {
    private static final double[] A = {2.10, 2.35, 1.95, 2.60, 2.20};
    private static final double[] B = {1.80, 1.90, 1.85, 2.05, 1.70};
    /** A rank test's outcome, 3 vs 3 forks: smallest possible p 0.1. */
    private static final Comparison RANK_3V3 = new Comparison("exact rank-sum", 1.5, 1.2, 1.9, 0.75, 0.1, 0.1, 3, 3, false);
    private static final Comparison RANK_5V5 = new Comparison("exact rank-sum", 0.8, 0.7, 0.9, 0.96, 0.3, 0.008, 5, 5, false);

    @Test
    void aDifferenceIsNamedWithItsTestAndLevel() {
        Comparison c = LogT.paired(A, B); // p = 0.007741515887195464, ratio 1.2007799731741702
        assertThat(c.verdict(c.p(), 1, "faster", "slower"))
                .isEqualTo("faster (p = 0.0077, paired t on per-round log-ratios, 5 pairs, α = 0.05)");
        assertThat(c.verdict(0.05, 3, "faster", "slower")).as("at α exactly, Holm over 3")
                .isEqualTo("faster (Holm-adjusted p = 0.05, paired t on per-round log-ratios, 5 pairs, Holm over 3, α = 0.05)");
        assertThat(LogT.paired(B, A).verdict(0.05, 1, "faster", "slower")).startsWith("slower (p = 0.05");
        assertThat(c.verdict(0.051, 1, "faster", "slower")).startsWith("cannot tell with these forks (p = 0.051;");
    }

    @Test
    void alikeAndCannotTellSayWhy() {
        Comparison close = LogT.paired(new double[] {1.010, 1.032, 0.995, 1.021, 1.004, 1.018}, new double[] {1, 1, 1, 1, 1, 1});
        // exp(mean) = 1.0132623305695663; its 90 % interval 1.002509923327849 .. 1.0241300626163565 (scipy)
        assertThat(close.verdict(0.5, 1, "faster", "slower")).isEqualTo("alike: within ±5 % (1.01× [1.00, 1.02], 90 % interval "
                + "inside the margin, paired t on per-round log-ratios, 6 pairs)");
        Comparison wide = LogT.paired(new double[] {10, 25, 12, 30, 11, 14, 9, 22}, new double[] {9, 11, 10, 12, 10.5, 9.5, 8, 10});
        assertThat(wide.verdict(0.5, 2, "faster", "slower")).isEqualTo("cannot tell with these forks (Holm-adjusted p = 0.5; 1.52× [1.12, 2.07] at "
                + "95 %, neither apart nor within ±5 %; paired t on per-round log-ratios, 8 pairs, Holm over 2, α = 0.05)");
    }

    @Test
    void whatCouldNotBeTestedSaysSo() {
        Comparison refused = LogT.paired(new double[] {10, 25, 12}, new double[] {9, 11, 10});
        assertThat(refused.verdict(1, 1, "faster", "slower")).isEqualTo("cannot tell: paired t on per-round log-ratios refused: forks "
                + "spread over 2× (two modes), 3 pairs (the t-test's assumption fails; more forks or a quieter box)");
        assertThat(LogT.welch(new double[] {5}, new double[] {4, 4.1}).verdict(Double.NaN, 1, "a", "b"))
                .isEqualTo("no test verdict (1 fork on a side; a verdict needs 3)");
        assertThat(LogT.welch(new double[] {5, 6}, new double[] {4}).verdict(Double.NaN, 1, "a", "b"))
                .isEqualTo("no test verdict (1 fork on a side; a verdict needs 3)");
        assertThat(LogT.welch(new double[] {5, 6}, new double[] {4, 4.1, 4.2}).verdict(0.01, 1, "a", "b"))
                .as("two forks give an estimate, never a verdict").isEqualTo("no test verdict (2 forks on a side; a verdict needs 3)");
        assertThat(LogT.welch(new double[0], new double[] {4, 4.1}).verdict(Double.NaN, 1, "a", "b")).isEqualTo("unknown (no forks)");
        assertThat(LogT.welch(new double[] {4, 4.1}, new double[0]).verdict(Double.NaN, 1, "a", "b")).isEqualTo("unknown (no forks)");
        assertThat(LogT.welch(new double[] {5}, new double[] {4, 4.1}).describe())
                .isEqualTo("untested (Welch t on log per-fork values, 1 vs 2 forks)");
    }

    @Test
    void aRankTestsWordsAndItsSmallestP() {
        assertThat(RANK_3V3.verdict(0.1, 1, "faster", "slower"))
                .isEqualTo("cannot be resolved at α = 0.05 with 3 vs 3 forks (smallest possible p 0.1)");
        assertThat(RANK_5V5.verdict(0.3, 1, "faster", "slower"))
                .isEqualTo("no significant difference (p = 0.3, exact rank-sum, 5 vs 5 forks, α = 0.05)");
        // 0.008 x 6 is below α, 0.008 x 7 above it
        assertThat(RANK_5V5.verdict(0.3, 6, "faster", "slower")).startsWith("no significant difference");
        assertThat(RANK_5V5.verdict(0.3, 7, "faster", "slower")).isEqualTo("cannot be resolved at α = 0.05 with 5 vs 5 forks "
                + "(smallest possible p 0.008, Holm over 7)");
        assertThat(RANK_5V5.verdict(0.02, 1, "faster", "slower")).startsWith("slower (p = 0.02");
        assertThat(RANK_5V5.tBased()).isFalse();
        assertThat(RANK_5V5.interval(0.5)).containsExactly(0.7, 0.9);
        assertThat(RANK_5V5.pAbove(1)).isNaN();
        assertThat(RANK_5V5.pBelow(1)).isNaN();
        assertThat(RANK_5V5.alike(0.05, 0.5)).isFalse();
        assertThat(RANK_5V5.describe()).isEqualTo("0.800× [0.700, 0.900] (96 % Hodges–Lehmann interval), p = 0.3 (exact rank-sum, "
                + "5 vs 5 forks)");
        assertThat(LogT.paired(A, B).describe()).isEqualTo("1.20× [1.08, 1.33] (95 % t interval), p = 0.0077 (paired t on per-round "
                + "log-ratios, 5 pairs)");
    }

    @Test
    void resolvableAndDiffersAreAtMostTheirLevel() {
        assertThat(RANK_3V3.resolvable(0.1)).isTrue();
        assertThat(RANK_3V3.resolvable(0.0999)).isFalse();
        assertThat(RANK_3V3.differs(0.1)).isTrue();
        assertThat(RANK_3V3.differs(0.0999)).isFalse();
        Comparison untested = LogT.welch(new double[] {5}, new double[] {4, 4.1});
        assertThat(untested.resolvable(1)).isFalse();
        assertThat(untested.differs(1)).isFalse();
    }

    @Test
    void aFamilysVerdictWords() {
        Comparison c = LogT.paired(A, B);
        assertThat(Verdict.of(c, 0.05, 0.05)).isEqualTo(Verdict.ABOVE);
        assertThat(Verdict.of(LogT.paired(B, A), 0.05, 0.05)).isEqualTo(Verdict.BELOW);
        assertThat(Verdict.of(c, 0.0501, 0.05)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdict.of(null, 0.01, 0.05)).isEqualTo(Verdict.UNTESTED);
        assertThat(Verdict.of(LogT.paired(new double[] {10, 25, 12}, new double[] {9, 11, 10}), 1, 0.05)).isEqualTo(Verdict.CANNOT_TELL);
        assertThat(Verdict.of(new Comparison("t", 2, 1, 3, 0.95, 0.01, 0, 1, 3, false), 0.01, 0.05)).isEqualTo(Verdict.UNTESTED);
        assertThat(Verdict.of(new Comparison("t", 2, 1, 3, 0.95, 0.01, 0, 3, 1, false), 0.01, 0.05)).isEqualTo(Verdict.UNTESTED);
        assertThat(Verdict.of(new Comparison("t", 2, 1, 3, 0.95, 0.01, 0, 2, 2, false), 0.01, 0.05)).isEqualTo(Verdict.UNTESTED);
        assertThat(Verdict.of(new Comparison("t", 2, 1, 3, 0.95, 0.01, 0, 3, 3, false), 0.01, 0.05)).isEqualTo(Verdict.ABOVE);
        assertThat(List.of(Verdict.values())).filteredOn(Verdict::decided).containsExactly(Verdict.ABOVE, Verdict.BELOW, Verdict.ALIKE);
        assertThat(List.of(Verdict.values())).extracting(v -> v.word("higher", "lower"))
                .containsExactly("higher", "lower", "alike", "cannot tell", "untested");

        Verdicts family = Verdicts.holm(List.of(c, LogT.welch(new double[] {5}, new double[] {4, 4.1}), RANK_5V5));
        assertThat(family.family()).isEqualTo(2);
        assertThat(family.adjusted()[0]).isEqualTo(Math.min(1, 2 * c.p()));
        assertThat(family.adjusted()[1]).isNaN();
        assertThat(family.word(0, "faster", "slower")).isEqualTo("faster (Holm-adjusted p = 0.015, paired t on per-round log-ratios, 5 pairs, "
                + "Holm over 2, α = 0.05)");
        assertThat(family.word(1, "faster", "slower")).isEqualTo("no test verdict (1 fork on a side; a verdict needs 3)");
        assertThat(Verdicts.holm(List.of(LogT.welch(new double[] {5}, new double[] {4, 4.1}))).family()).as("at least 1").isEqualTo(1);
    }
}
