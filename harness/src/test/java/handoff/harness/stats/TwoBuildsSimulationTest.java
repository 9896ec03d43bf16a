package handoff.harness.stats;

import handoff.harness.sweep.AbPlan;
import handoff.harness.sweep.ReferenceBox;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two builds in one run against two runs made apart, by simulation (docs/statistics.md §15), under the fork
 * distributions of this box ({@link DeclaredFamiliesSimulationTest.Box}: spells a round shares, two-mode forks, both;
 * slow by 3× as {@link GateSimulationTest} draws them). The run of two builds is planned as {@code ab} plans it on the
 * 2-vCPU reference box at its default budget ({@link AbPlan}, calibrated and piloted by the committed quick run): its
 * rows, each BASE and HEAD once per round, judged by {@link TwoBuilds}. The runs made apart are the regression gate of
 * {@code compare} on two quick runs (22 headline lines × 3 rounds, {@link GateSimulationTest#gateFails}).
 *
 * <p>Checked: identical builds make a false alarm (any row called a regression) at most α of the time under every
 * distribution; one headline row 1.2× slower is found (called a regression) in at least 80 % of runs where forks are
 * unimodal or share slow spells by round, and more often than the runs made apart find it under every distribution.
 * Both designs' figures are printed.
 */
class TwoBuildsSimulationTest {
    private static final int RUNS = 2000;
    private static final double X = 0.10;
    private static final double SLOW = 1.2;
    private static final double SLACK = 3 * Math.sqrt(0.05 * 0.95 / RUNS);
    /** Rows and rounds of {@code ab} at its default budget on the 2-vCPU reference box. */
    static int[] abDesign(long budgetSeconds) throws Exception {
        AbPlan ab = AbPlan.of(ReferenceBox.quick(2, budgetSeconds), ReferenceBox.calibration(), 1);
        return new int[] {ab.rows().size(), ab.rounds()};
    }

    /** Whether a run of two builds calls some row a regression; {@code slowRow} true when row 0's call is a regression. */
    private static boolean[] ab(DeclaredFamiliesSimulationTest.Box box, SplittableRandom rnd, int rows, int rounds, double headSlower) {
        double[] effect = new double[2 * rows]; // BASE and HEAD of each row, sharing the rounds' spells (throughput: higher is better)
        java.util.Arrays.fill(effect, 1);
        effect[1] = 1 / headSlower;
        List<double[]> table = box.table(rnd, rounds, effect, 3);
        List<TwoBuilds.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            pairs.add(new TwoBuilds.Pair(table.get(2 * i), table.get(2 * i + 1), true));
        }
        List<TwoBuilds.Judged> judged = TwoBuilds.judge(pairs, X);
        return new boolean[] {TwoBuilds.regressed(judged), judged.get(0).call() == TwoBuilds.Call.REGRESSED};
    }

    /** Two quick runs made apart, every line alike but line 0 (or every line) {@code slower} in the second. */
    private static boolean apart(DeclaredFamiliesSimulationTest.Box box, SplittableRandom rnd, double slower, boolean everyLine) {
        int lines = 22;
        double[] base = new double[lines];
        double[] next = new double[lines];
        java.util.Arrays.fill(base, 1);
        java.util.Arrays.fill(next, everyLine ? 1 / slower : 1);
        next[0] = 1 / slower;
        return GateSimulationTest.gateFails(box.table(rnd, 3, base, 3), box.table(rnd, 3, next, 3), false);
    }

    @Test
    void oneRunOfTwoBuildsHoldsItsLevelAndFindsOneSlowRowWhereRunsApartCannot() throws Exception {
        // at quick's own budget (18 min of trials: what a team's quick run costs), then at ab's default (10 min)
        check(abDesign(handoff.harness.trial.Profile.QUICK.budgetSeconds()), true);
        check(abDesign(AbPlan.DEFAULT_BUDGET_S), false);
    }

    private static void check(int[] design, boolean everyBox) {
        int rows = design[0];
        int rounds = design[1];
        assertTrue(rows >= 2 && rounds >= AbPlan.MIN_ROUNDS, "ab's plan on the reference box: " + rows + " rows, " + rounds + " rounds");
        List<String> report = new ArrayList<>();
        long seed = 91;
        for (DeclaredFamiliesSimulationTest.Box box : DeclaredFamiliesSimulationTest.Box.values()) {
            SplittableRandom rnd = new SplittableRandom(seed++);
            int abAlarms = 0;
            int abFound = 0;
            int apartAlarms = 0;
            int apartOne = 0;
            int apartEvery = 0;
            for (int r = 0; r < RUNS; r++) {
                abAlarms += ab(box, rnd, rows, rounds, 1)[0] ? 1 : 0;
                abFound += ab(box, rnd, rows, rounds, SLOW)[1] ? 1 : 0;
                apartAlarms += apart(box, rnd, 1, false) ? 1 : 0;
                apartOne += apart(box, rnd, SLOW, false) ? 1 : 0;
                apartEvery += apart(box, rnd, SLOW, true) ? 1 : 0;
            }
            double alarms = (double) abAlarms / RUNS;
            double found = (double) abFound / RUNS;
            double foundApart = (double) apartOne / RUNS;
            report.add(String.format(Locale.ROOT, "%s: one run of two builds (%d rows x %d rounds): false alarms %.4f, finds one row 1.2x "
                            + "slower %.3f; two runs apart (22 lines x 3 rounds): false alarms %.4f, finds one row %.3f, every row %.3f",
                    box, rows, rounds, alarms, found, (double) apartAlarms / RUNS, foundApart, (double) apartEvery / RUNS));
            assertTrue(alarms <= Stats.ALPHA + SLACK, box + ": false alarms " + alarms);
            assertTrue(found > foundApart, box + ": one run " + found + " against runs apart " + foundApart);
            if (everyBox || box == DeclaredFamiliesSimulationTest.Box.UNIMODAL || box == DeclaredFamiliesSimulationTest.Box.ROUND_SPELLS) {
                assertTrue(found >= 0.80, box + ", " + rounds + " rounds: finds one row 1.2x slower " + found);
            }
        }
        report.forEach(System.out::println);
    }
}
