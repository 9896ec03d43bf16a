package handoff.harness.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Each declared family's test holds its level, and its power is stated, at the fork counts quick uses (3 rounds; 4
 * and 6 pairs), under the fork distributions this box really produces (docs/statistics.md §12): unimodal log-normal
 * forks; two-mode forks (a JVM that lands in a 6× slower mode for its whole life, one fork in five); and slow spells
 * shared by a whole round (every JVM of the round 6× slower for throughput, 3× for RTT, one round in four). Under the
 * null every row comes from one distribution; the family-wise false-positive rate must stay within α plus three Monte
 * Carlo standard errors. Each test can fail: {@link #aTestThatIgnoresTheFamilyFailsTheSameCheck} shows the same check
 * rejecting uncorrected pairwise tests.
 */
class DeclaredFamiliesSimulationTest {
    private static final int RUNS = 2000;
    private static final double SLACK = 3 * Math.sqrt(0.05 * 0.95 / RUNS);

    /** How a table's forks vary: per fork noise, two-mode forks, and spells a round shares. */
    enum Box {
        UNIMODAL(0.10, 0, 0),
        TWO_MODES(0.10, 0.2, 0),
        ROUND_SPELLS(0.10, 0, 0.25),
        BOTH(0.10, 0.2, 0.25);

        final double sigma;
        final double slowFork;
        final double slowRound;

        Box(double sigma, double slowFork, double slowRound) {
            this.sigma = sigma;
            this.slowFork = slowFork;
            this.slowRound = slowRound;
        }

        /** A table of k rows × n rounds; row i scaled by effect[i]; spells a round shares, modes a fork keeps. */
        List<double[]> table(SplittableRandom rnd, int n, double[] effect, double slowFactor) {
            double[] round = new double[n];
            for (int j = 0; j < n; j++) {
                round[j] = rnd.nextDouble() < slowRound ? 1 / slowFactor : 1;
            }
            List<double[]> rows = new ArrayList<>();
            for (double e : effect) {
                double[] v = new double[n];
                for (int j = 0; j < n; j++) {
                    v[j] = 1e6 * e * round[j] * Math.exp(sigma * gauss(rnd)) * (rnd.nextDouble() < slowFork ? 1 / slowFactor : 1);
                }
                rows.add(v);
            }
            return rows;
        }
    }

    private static double gauss(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    private static double[] ones(int k) {
        double[] e = new double[k];
        java.util.Arrays.fill(e, 1);
        return e;
    }

    @Test
    void eachRowAgainstTheReferenceHoldsItsLevel() {
        SplittableRandom rnd = new SplittableRandom(37);
        for (Box box : Box.values()) {
            for (int n : new int[] {3, 5}) {
                int any = 0;
                for (int r = 0; r < RUNS; r++) {
                    VersusReference v = VersusReference.of(box.table(rnd, n, ones(8), 6), 0);
                    boolean wrong = false;
                    for (int i = 1; i < 8; i++) {
                        Verdict x = v.outcome(i).verdict();
                        wrong |= x == Verdict.ABOVE || x == Verdict.BELOW;
                    }
                    any += wrong ? 1 : 0;
                }
                double rate = (double) any / RUNS;
                System.out.printf(Locale.ROOT, "vs reference, 8 rows, %d rounds, %s: family-wise false-positive rate %.4f%n", n, box, rate);
                assertTrue(rate <= Stats.ALPHA + SLACK, box + " " + n + " rounds: " + rate);
            }
        }
    }

    /**
     * MCB's claim is "row i is not the best" (μ_i ≤ the others' maximum); it is wrong only of a row strictly above all
     * others. So the level is checked where one row is the unique best by a hair (1 % above seven tied rows) and where
     * it is clearly best: that row must be named "not the best" at most α of the time.
     */
    @Test
    void multipleComparisonsWithTheBestHoldItsLevel() {
        SplittableRandom rnd = new SplittableRandom(38);
        for (Box box : Box.values()) {
            for (double edge : new double[] {1.01, 1.5}) {
                int wrong = 0;
                for (int r = 0; r < RUNS; r++) {
                    double[] e = ones(8);
                    e[3] = edge;
                    wrong += BestOf.of(box.table(rnd, 3, e, 6), true).place(3).standing() == BestOf.Standing.NOT_BEST ? 1 : 0;
                }
                double rate = (double) wrong / RUNS;
                System.out.printf(Locale.ROOT, "MCB, the unique best %.2f× seven others, 3 rounds, %s: named not the best %.4f%n", edge, box, rate);
                assertTrue(rate <= Stats.ALPHA + SLACK, box + " " + edge + ": " + rate);
            }
        }
        // printed, not an error under MCB's claim: in an eight-way tie every row is "not strictly the best"
        int named = 0;
        for (int r = 0; r < RUNS; r++) {
            named += BestOf.of(Box.UNIMODAL.table(rnd, 3, ones(8), 6), true).splits() ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "MCB, eight tied rows, 3 rounds: some row named not the best %.4f (true of every row of a tie)%n",
                (double) named / RUNS);
    }

    @Test
    void pairedOursAgainstLmaxHoldsItsLevel() {
        SplittableRandom rnd = new SplittableRandom(39);
        for (Box box : Box.values()) {
            for (int n : new int[] {4, 6}) {
                int hits = 0;
                for (int r = 0; r < RUNS; r++) {
                    List<double[]> t = box.table(rnd, n, ones(2), 6);
                    hits += Stats.pairedTest(t.get(0), t.get(1)).differs(Stats.ALPHA) ? 1 : 0;
                }
                double rate = (double) hits / RUNS;
                System.out.printf(Locale.ROOT, "ours vs LMAX, %d pairs, %s: false-positive rate %.4f%n", n, box, rate);
                assertTrue(rate <= Stats.ALPHA + SLACK, box + " " + n + " pairs: " + rate);
            }
        }
    }

    @Test
    void theAlikeVerdictHoldsItsLevelAtTheMargin() {
        // rows truly 5 % apart (on the margin): "alike" may be said at most α of the time
        SplittableRandom rnd = new SplittableRandom(40);
        for (Box box : new Box[] {Box.UNIMODAL, Box.ROUND_SPELLS}) {
            int alike = 0;
            for (int r = 0; r < RUNS; r++) {
                VersusReference v = VersusReference.of(box.table(rnd, 3, new double[] {1, 1.05}, 6), 0);
                alike += v.outcome(1).verdict() == Verdict.ALIKE ? 1 : 0;
            }
            double rate = (double) alike / RUNS;
            System.out.printf(Locale.ROOT, "alike at the margin (1.05), 3 rounds, %s: rate %.4f%n", box, rate);
            assertTrue(rate <= Stats.ALPHA + SLACK, box + ": " + rate);
        }
    }

    @Test
    void powerAtQuicksForkCountsIsStated() {
        SplittableRandom rnd = new SplittableRandom(41);
        for (Box box : Box.values()) {
            StringBuilder s = new StringBuilder();
            for (double ratio : new double[] {10, 3, 2, 1.5, 1.2}) {
                int found = 0;
                for (int r = 0; r < RUNS / 2; r++) {
                    double[] e = ones(8);
                    e[1] = ratio; // one row `ratio`× the reference, six others alike it
                    found += VersusReference.of(box.table(rnd, 3, e, 6), 0).outcome(1).verdict() == Verdict.ABOVE ? 1 : 0;
                }
                double power = (double) found / (RUNS / 2);
                s.append(String.format(Locale.ROOT, " %.1f×: %.2f", ratio, power));
                if (ratio == 10 && box != Box.TWO_MODES && box != Box.BOTH) {
                    assertTrue(power >= 0.95, box + " power at 10×: " + power);
                }
            }
            System.out.println("power of vs-reference (8 rows, 3 rounds, Holm over 7), " + box + ":" + s);
        }
    }

    @Test
    void aTestThatIgnoresTheFamilyFailsTheSameCheck() {
        // the check above can fail: uncorrected pairwise tests over 8 identical rows exceed α family-wise
        SplittableRandom rnd = new SplittableRandom(42);
        int any = 0;
        for (int r = 0; r < RUNS; r++) {
            List<double[]> t = Box.UNIMODAL.table(rnd, 3, ones(8), 6);
            boolean wrong = false;
            for (int i = 1; i < 8; i++) {
                wrong |= Stats.shiftTest(t.get(i), t.get(0)).differs(Stats.ALPHA);
            }
            any += wrong ? 1 : 0;
        }
        double rate = (double) any / RUNS;
        System.out.printf(Locale.ROOT, "uncorrected, 8 rows: family-wise rate %.4f%n", rate);
        assertTrue(rate > Stats.ALPHA + SLACK, "the uncorrected family should fail the level check: " + rate);
    }
}
