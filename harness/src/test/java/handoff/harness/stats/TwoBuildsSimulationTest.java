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
 * unimodal or share slow spells by round, and, under every distribution, more often than the runs made apart find it
 * (with two-mode forks the row is in modes, {@link TwoBuilds#MODE_PAIRS}, and judged by the sign test). Both designs'
 * figures are printed.
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
        check(abDesign(handoff.harness.trial.Profile.QUICK.budgetSeconds()));
        check(abDesign(AbPlan.DEFAULT_BUDGET_S));
    }

    /**
     * The rows as this box measured them: each row's per-round log-ratios of two runs of {@code ab HEAD HEAD}
     * (identical-builds-rtt-p50.csv), drawn with replacement and a fair sign (under identical builds which side is HEAD
     * is a coin, so each pair's ratio is as likely inverted), at the rounds those runs held (ab's default budget) and at
     * quick's budget. Checked at both: false alarms at most α (rows in modes, where the screen set aside
     * {@link TwoBuilds#MODE_PAIRS} pairs or more, judged by the sign test); a row made 1.2× slower is called a regression
     * in at least 80 % of runs for at least three rows at ab's default and five at quick's budget. Every row's figures
     * are printed: which rows can find 1.2× on this box, and which cannot (in modes, or too spread).
     */
    @Test
    void measuredRowsHoldTheLevelAndFindASlowRowWhereTheirForksAreNotInModes() throws Exception {
        java.util.Map<String, List<Double>> pools = new java.util.TreeMap<>();
        try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(java.util.Objects.requireNonNull(
                getClass().getResourceAsStream("/handoff/ab/identical-builds-rtt-p50.csv")), java.nio.charset.StandardCharsets.UTF_8))) {
            in.lines().filter(l -> !l.startsWith("#") && !l.startsWith("run,")).map(l -> l.split(",")).forEach(f ->
                    pools.computeIfAbsent(f[1], k -> new ArrayList<>()).add(Math.log(Double.parseDouble(f[4]) / Double.parseDouble(f[3]))));
        }
        List<String> rows = new ArrayList<>(pools.keySet());
        int measured = pools.values().iterator().next().size() / 2; // rounds each of the two runs held at ab's default budget
        int atQuick = (int) (measured * handoff.harness.trial.Profile.QUICK.budgetSeconds() / AbPlan.DEFAULT_BUDGET_S);
        measuredRows(pools, rows, measured, false);
        measuredRows(pools, rows, atQuick, true);
    }

    private static void measuredRows(java.util.Map<String, List<Double>> pools, List<String> rows, int rounds, boolean atQuick) {
        SplittableRandom rnd = new SplittableRandom(7);
        int alarms = 0;
        int[] found = new int[rows.size()];
        int[] judgedRuns = new int[rows.size()];
        for (int r = 0; r < RUNS; r++) {
            alarms += TwoBuilds.regressed(TwoBuilds.judge(drawn(pools, rows, rounds, rnd, -1), X)) ? 1 : 0;
            int slow = r % rows.size();
            List<TwoBuilds.Judged> judged = TwoBuilds.judge(drawn(pools, rows, rounds, rnd, slow), X);
            found[slow] += judged.get(slow).call() == TwoBuilds.Call.REGRESSED ? 1 : 0;
            judgedRuns[slow] += judged.get(slow).modes() ? 0 : 1;
        }
        double alarmRate = (double) alarms / RUNS;
        System.out.printf(Locale.ROOT, "measured rows, %d rounds: false alarms %.4f%n", rounds, alarmRate);
        int able = 0;
        for (int i = 0; i < rows.size(); i++) {
            int runs = (RUNS + rows.size() - 1 - i) / rows.size();
            double judgedShare = (double) judgedRuns[i] / runs;
            double power = (double) found[i] / runs;
            System.out.printf(Locale.ROOT, "  %-26s by the t-test in %.2f of runs; finds it 1.2x slower in %.3f%n", rows.get(i), judgedShare, power);
            able += power >= 0.80 ? 1 : 0;
        }
        assertTrue(alarmRate <= Stats.ALPHA + SLACK, "false alarms " + alarmRate);
        assertTrue(able >= (atQuick ? 5 : 3), rounds + " rounds: " + able + " rows find 1.2x in 80 % of runs");
    }

    /** One run's rows drawn from the measured pools; row {@code slow} (none where negative) 1.2× slower in HEAD. */
    private static List<TwoBuilds.Pair> drawn(java.util.Map<String, List<Double>> pools, List<String> rows, int rounds,
                                              SplittableRandom rnd, int slow) {
        List<TwoBuilds.Pair> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            List<Double> pool = pools.get(rows.get(i));
            double[] base = new double[rounds];
            double[] head = new double[rounds];
            for (int k = 0; k < rounds; k++) {
                double lr = pool.get(rnd.nextInt(pool.size())) * (rnd.nextBoolean() ? 1 : -1);
                base[k] = 1000;
                head[k] = 1000 * Math.exp(lr) * (i == slow ? SLOW : 1);
            }
            out.add(new TwoBuilds.Pair(base, head, false));
        }
        return out;
    }

    private static void check(int[] design) {
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
            if (box == DeclaredFamiliesSimulationTest.Box.UNIMODAL || box == DeclaredFamiliesSimulationTest.Box.ROUND_SPELLS) {
                assertTrue(found >= 0.80, box + ", " + rounds + " rounds: finds one row 1.2x slower " + found);
            } // with two-mode forks (one fork in five 3x slower) the row is in modes: the sign test, less powerful
        }
        report.forEach(System.out::println);
    }
}
