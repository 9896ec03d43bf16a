package handoff.harness.stats;

import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Forks;
import handoff.harness.trial.PlannedComparisons;
import handoff.harness.trial.RoundMerge;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The forks a table needs, and the paired suites' rounds folded into one row. */
class ForkPlannerTest {
    @Test
    void forksToReachFollowsTheExactTestsSmallestP() {
        assertThat(ForkPlanner.forksToReach(1, false, 20)).isEqualTo(4); // 2 / C(8,4) = 0.029
        assertThat(ForkPlanner.forksToReach(28, false, 20)).isEqualTo(7); // α / 28 = 0.0018: 2 / C(14,7) = 0.00058
        assertThat(ForkPlanner.forksToReach(1, true, 20)).isEqualTo(6); // 2 / 2^6 = 0.031
        assertThat(ForkPlanner.forksToReach(1176, false, 8)).isEqualTo(9); // needs 9: beyond a cap of 8
        assertThat(ForkPlanner.forksToReach(1, true, 6)).as("the cap itself is tried").isEqualTo(6);
        assertThat(ForkPlanner.forksToReach(0, false, 20)).as("no family is a family of one").isEqualTo(4);
    }

    /** A pair's test is its design's, and a comparison is settled when it differs at α/m or lies within ±5 % of 1. */
    @Test
    void aComparisonIsResolvedWhenItDiffersOrIsWithinTheMargin() {
        double[] a = {2.10, 2.35, 1.95, 2.60, 2.20};
        double[] b = {1.80, 1.90, 1.85, 2.05, 1.70};
        assertThat(ForkPlanner.test(new ForkPlanner.Pair("a", "b", true), a, b)).isEqualTo(Stats.pairedTest(a, b));
        assertThat(ForkPlanner.test(new ForkPlanner.Pair("a", "b", false), a, new double[] {1.8, Double.NaN, 1.9}))
                .isEqualTo(Stats.shiftTest(a, new double[] {1.8, Double.NaN, 1.9}));
        Comparison differs = new Comparison("t", 2, 1.5, 3, 0.95, 0.01, 0, 3, 3, false);
        assertThat(ForkPlanner.resolved(differs, 5)).isTrue(); // 0.01 = α/5
        assertThat(ForkPlanner.resolved(differs, 6)).isFalse();
        assertThat(ForkPlanner.resolved(differs, 0)).isTrue();
        assertThat(ForkPlanner.resolved(new Comparison("t", 1, 1 / 1.05, 1.05, 0.95, 0.5, 0, 3, 3, false), 1)).isTrue();
        assertThat(ForkPlanner.resolved(new Comparison("t", 1, 0.95, 1.05, 0.95, 0.5, 0, 3, 3, false), 1)).isFalse();
        assertThat(ForkPlanner.resolved(new Comparison("t", 1, 0.96, 1.06, 0.95, 0.5, 0, 3, 3, false), 1)).isFalse();
    }

    @Test
    void pairedSidesOfOneTrialGrowTogether() {
        // one trial holds both sides' forks as lists, as the disruptor suite's does; further rounds add two pairs
        TrialSpec base = new TrialSpec("fake", handoff.harness.results.TrialProperties.of(Map.of("benchmark", "x")), handoff.harness.results.TrialProperties.of(Map.of("fork", "0", "pairs", "3")));
        PlannedComparisons judged = PlannedComparisons.pairedWithin(List.of(base), "ours", "theirs",
                (t, side) -> java.util.Arrays.stream(t.get(side + "_score").split(";")).mapToDouble(Double::parseDouble).toArray(),
                PlannedComparisons::nextFork);
        assertThat(judged.families()).containsExactly(List.of(new ForkPlanner.Pair("fake_x|ours", "fake_x|theirs", true)));
        TrialProperties t0 = TrialProperties.of(Map.of(Forks.CONFIG_KEY, "fake_x", "fork", "0", "status", "ok", "ours_score", "1;2;3", "theirs_score", "2;4;6"));
        TrialProperties t1 = TrialProperties.of(Map.of(Forks.CONFIG_KEY, "fake_x", "fork", "1", "status", "ok", "ours_score", "4;5", "theirs_score", "8;10"));
        Map<String, double[]> v = judged.values().apply(List.of(t1, t0));
        assertThat(v.get("fake_x|ours")).containsExactly(1, 2, 3, 4, 5);
        assertThat(v.get("fake_x|theirs")).containsExactly(2, 4, 6, 8, 10);
        assertThat(judged.configOf().apply("fake_x|ours")).isEqualTo("fake_x");
        List<TrialProperties> merged = RoundMerge.merge(List.of(t0, t1), k -> k.endsWith("_score"));
        assertThat(merged).singleElement().satisfies(m -> {
            assertThat(m.get("ours_score")).isEqualTo("1;2;3;4;5");
            assertThat(m.get("rounds")).isEqualTo("2");
        });
    }
}
