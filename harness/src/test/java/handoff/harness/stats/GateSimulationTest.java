package handoff.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The regression gate's family (docs/statistics.md §11) by simulation: 22 headline lines of 3 forks a run, the fork
 * distributions of {@link DeclaredFamiliesSimulationTest.Box} (spells a round shares, two-mode forks, both), each run
 * with its own spells. The gate: the rows together ({@link RoundMeans}) at α/2; lines of 5+ forks a run alone at α/2
 * (none here); every line at α only where the rows together show a regression (the fallback procedure). At the edge of
 * the null — every line worse by exactly the threshold — its family-wise false-positive rate stays ≤ α within Monte
 * Carlo error. The lines of 3 forks tested alone at α, the design it does not use, fail the same check (a line whose
 * three forks all land in the slow mode looks like a regression), so the check can fail.
 */
class GateSimulationTest {
    private static final int RUNS = 2000;
    private static final int LINES = 22;
    private static final int ROUNDS = 3;
    private static final double X = 0.10;
    private static final double SLACK = 3 * Math.sqrt(0.05 * 0.95 / RUNS);

    /**
     * Whether the gate fails for runs a and b of 3 forks a row (throughput: higher is better), as {@code gate.Gate}
     * decides; or, with {@code linesAlone}, as the lines tested alone at α would (the design the gate does not use).
     */
    static boolean gateFails(List<double[]> a, List<double[]> b, boolean linesAlone) {
        double[] p = new double[a.size()];
        for (int i = 0; i < a.size(); i++) {
            Comparison c = Stats.acrossRuns(a.get(i), b.get(i)); // BASE ÷ NEW: the worse-way ratio where higher is better
            p[i] = LogT.refused(c) ? 1 : c.pAbove(1 + X);
        }
        boolean lineFails = java.util.Arrays.stream(Holm.adjust(p)).anyMatch(q -> q <= Stats.ALPHA);
        if (linesAlone) {
            return lineFails;
        }
        boolean[] higher = new boolean[a.size()];
        java.util.Arrays.fill(higher, true);
        Comparison together = RoundMeans.worseWay(a, b, higher);
        // with 3 forks a run no line is tested alone: the gate fails where the rows together do (at α/2), and the lines
        // then tested at α only name what they found
        return !LogT.refused(together) && together.pAbove(1 + X) <= Stats.ALPHA / 2;
    }

    private static double[] scaled(double by) {
        double[] e = new double[LINES];
        java.util.Arrays.fill(e, by);
        return e;
    }

    /** {gate's false-positive rate, -, gate's power at twice the threshold, lines alone's false-positive rate} under {@code box}. */
    private static double[] rates(DeclaredFamiliesSimulationTest.Box box, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int gate = 0;
        int power = 0;
        int alone = 0;
        for (int r = 0; r < RUNS; r++) {
            List<double[]> a = box.table(rnd, ROUNDS, scaled(1), 3);
            List<double[]> edge = box.table(rnd, ROUNDS, scaled(1 / (1 + X)), 3);
            List<double[]> twice = box.table(rnd, ROUNDS, scaled(1 / (1 + 2 * X)), 3);
            gate += gateFails(a, edge, false) ? 1 : 0;
            alone += gateFails(a, edge, true) ? 1 : 0;
            power += gateFails(a, twice, false) ? 1 : 0;
        }
        return new double[] {(double) gate / RUNS, Double.NaN, (double) power / RUNS, (double) alone / RUNS};
    }

    @Test
    void theGateHoldsItsLevelAtTheEdgeOfTheNullAndStatesItsPower() {
        List<String> report = new ArrayList<>();
        double aloneWorst = 0;
        long seed = 53;
        for (DeclaredFamiliesSimulationTest.Box box : DeclaredFamiliesSimulationTest.Box.values()) {
            double[] r = rates(box, seed++);
            report.add(String.format(Locale.ROOT, "%s: false positives %.4f (lines of 3 forks alone at α: %.4f), fails at 1.2x %.3f",
                    box, r[0], r[3], r[2]));
            assertTrue(r[0] <= Stats.ALPHA + SLACK, box + ": level " + r[0]);
            aloneWorst = Math.max(aloneWorst, r[3]);
        }
        System.out.println("gate, " + LINES + " lines x " + ROUNDS + " rounds: " + String.join("; ", report));
        assertTrue(aloneWorst > Stats.ALPHA + SLACK, "the check can fail: lines of 3 forks tested alone " + aloneWorst);
    }
}
