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
