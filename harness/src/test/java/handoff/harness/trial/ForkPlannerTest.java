package handoff.harness.trial;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The adaptive budget's decisions, run as a loop against simulated forks. */
class ForkPlannerTest {
    private static double fork(SplittableRandom rnd, double scale) {
        return scale * Math.exp(0.1 * (rnd.nextDouble() - 0.5));
    }

    /** Forks are drawn until the planner stops; returns the forks each configuration got. */
    private static Map<String, double[]> loop(Map<String, Double> truth, List<ForkPlanner.Pair> pairs, int max, int budget) {
        SplittableRandom rnd = new SplittableRandom(33);
        Map<String, double[]> values = new LinkedHashMap<>();
        truth.keySet().forEach(k -> values.put(k, new double[0]));
        for (int round = 0; round < 100; round++) {
            List<ForkPlanner.Grant> grants = ForkPlanner.next(values, pairs, 3, max, budget);
            if (grants.isEmpty()) {
                break;
            }
            assertTrue(grants.size() <= budget, "round within its budget");
            for (ForkPlanner.Grant g : grants) {
                double[] old = values.get(g.config());
                double[] now = java.util.Arrays.copyOf(old, old.length + 1);
                now[old.length] = fork(rnd, truth.get(g.config()));
                values.put(g.config(), now);
            }
        }
        return values;
    }

    @Test
    void aClearDifferenceGetsForksUntilItIsResolved() {
        Map<String, double[]> v = loop(Map.of("a", 2.0, "b", 1.0), List.of(new ForkPlanner.Pair("a", "b", false)), 20, 4);
        Comparison c = Stats.shiftTest(v.get("a"), v.get("b"));
        assertTrue(c.differs(Stats.ALPHA), c.describe());
        assertTrue(v.get("a").length <= 5 && v.get("b").length <= 5, "4 vs 4 forks suffice: " + v.get("a").length);
    }

    @Test
    void pairedSidesStayInPairs() {
        Map<String, double[]> v = loop(Map.of("ours", 0.72, "lmax", 1.0), List.of(new ForkPlanner.Pair("ours", "lmax", true)), 20, 4);
        assertEquals(v.get("ours").length, v.get("lmax").length);
        assertTrue(Stats.pairedTest(v.get("ours"), v.get("lmax")).differs(Stats.ALPHA));
    }

    @Test
    void noRealDifferenceStopsAtTheCapOrWhenEquivalent() {
        Map<String, double[]> v = loop(Map.of("a", 1.0, "b", 1.0), List.of(new ForkPlanner.Pair("a", "b", false)), 12, 4);
        assertTrue(v.get("a").length <= 12 && v.get("b").length <= 12);
    }

    @Test
    void everyConfigurationGetsTheMinimumFirstAndGrantsSayWhy() {
        Map<String, double[]> values = new LinkedHashMap<>();
        values.put("a", new double[] {1});
        values.put("b", new double[0]);
        List<ForkPlanner.Grant> g = ForkPlanner.next(values, List.of(new ForkPlanner.Pair("a", "b", false)), 3, 10, 100);
        assertEquals(5, g.size());
        assertTrue(g.stream().allMatch(x -> x.why().equals("minimum of 3 forks")));
        values.put("a", new double[] {2, 2.1, 2.2});
        values.put("b", new double[] {1, 1.1, 1.2});
        g = ForkPlanner.next(values, List.of(new ForkPlanner.Pair("a", "b", false)), 3, 10, 100);
        assertEquals(1, g.size());
        assertTrue(g.get(0).why().startsWith("a vs b unresolved: p cannot reach 0.05 with exact Mann–Whitney, 3 vs 3 forks"), g.get(0).why());
    }
}
