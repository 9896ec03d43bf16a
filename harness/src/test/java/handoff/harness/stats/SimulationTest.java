package handoff.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The statistics' own error rates, by simulation with fixed seeds: under the null (every row from one
 * distribution) the tests say "differs" at most {@link Stats#ALPHA} of the time at the fork counts the profiles
 * use; at a known shift they find it; a table of identical rows names no winner. Rates are printed.
 */
class SimulationTest {
    private static final int RUNS = 2000;
    /** Three standard errors of a rate of 0.05 over {@link #RUNS} runs. */
    private static final double SLACK = 3 * Math.sqrt(0.05 * 0.95 / RUNS);

    /** Per-fork throughput on this kind of box: log-normal, 30 % sigma, with a rare slow fork. */
    private static double[] forks(SplittableRandom rnd, int n, double scale) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = scale * Math.exp(0.3 * gauss(rnd)) * (rnd.nextDouble() < 0.1 ? 0.3 : 1);
        }
        return v;
    }

    private static double gauss(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    @Test
    void unpairedFalsePositiveRateIsAtMostAlpha() {
        SplittableRandom rnd = new SplittableRandom(27);
        for (int n : new int[] {3, 5, 6, 8, 10}) {
            int hits = 0;
            for (int k = 0; k < RUNS; k++) {
                hits += Stats.shiftTest(forks(rnd, n, 1e6), forks(rnd, n, 1e6)).differs(Stats.ALPHA) ? 1 : 0;
            }
            double rate = (double) hits / RUNS;
            System.out.printf(Locale.ROOT, "study test (unpaired rows) null, %d vs %d forks: false-positive rate %.4f (α = %.2f)%n", n, n, rate, Stats.ALPHA);
            assertTrue(rate <= Stats.ALPHA + SLACK, n + " forks: " + rate);
        }
    }

    @Test
    void pairedFalsePositiveRateIsAtMostAlpha() {
        SplittableRandom rnd = new SplittableRandom(28);
        for (int n : new int[] {3, 5, 6, 8, 10}) {
            int hits = 0;
            for (int k = 0; k < RUNS; k++) {
                double[] spell = forks(rnd, n, 1);
                double[] a = forks(rnd, n, 1);
                double[] b = forks(rnd, n, 1);
                for (int i = 0; i < n; i++) {
                    a[i] *= spell[i];
                    b[i] *= spell[i];
                }
                hits += Stats.pairedTest(a, b).differs(Stats.ALPHA) ? 1 : 0;
            }
            double rate = (double) hits / RUNS;
            System.out.printf(Locale.ROOT, "paired t null, %d pairs: false-positive rate %.4f (α = %.2f)%n", n, rate, Stats.ALPHA);
            assertTrue(rate <= Stats.ALPHA + SLACK, n + " pairs: " + rate);
        }
    }

    @Test
    void powerAtAKnownShift() {
        SplittableRandom rnd = new SplittableRandom(29);
        int unpaired = 0;
        int doubled = 0;
        int paired = 0;
        for (int k = 0; k < RUNS; k++) {
            // 1.5x apart, 8 forks each, noise as above
            unpaired += Stats.shiftTest(forks(rnd, 8, 1.5e6), forks(rnd, 8, 1e6)).differs(Stats.ALPHA) ? 1 : 0;
            doubled += Stats.shiftTest(forks(rnd, 8, 2e6), forks(rnd, 8, 1e6)).differs(Stats.ALPHA) ? 1 : 0;
            // ours at 0.72x LMAX, 8 interleaved pairs, slow spells shared by both members of a pair, 5 % own noise
            double[] spell = forks(rnd, 8, 1);
            double[] a = new double[8];
            double[] b = new double[8];
            for (int i = 0; i < 8; i++) {
                a[i] = 0.72 * spell[i] * Math.exp(0.05 * gauss(rnd));
                b[i] = spell[i] * Math.exp(0.05 * gauss(rnd));
            }
            paired += Stats.pairedTest(a, b).differs(Stats.ALPHA) ? 1 : 0;
        }
        double pu = (double) unpaired / RUNS;
        double pd = (double) doubled / RUNS;
        double pp = (double) paired / RUNS;
        System.out.printf(Locale.ROOT, "power, 8 vs 8 unpaired forks: 1.5x shift %.3f, 2x shift %.3f; 0.72x ratio, 8 pairs: %.3f%n",
                pu, pd, pp);
        assertTrue(pu > 0.3, "unpaired power at 1.5x " + pu);
        assertTrue(pd >= 0.6, "unpaired power at 2x " + pd);
        assertTrue(pp >= 0.95, "paired power " + pp);
    }

    @Test
    void twelveIdenticalRowsNameNoWinner() {
        SplittableRandom rnd = new SplittableRandom(30);
        for (int n : new int[] {3, 6, 10}) {
            int runs = n == 10 ? RUNS / 4 : RUNS;
            int named = 0;
            int split = 0;
            for (int k = 0; k < runs; k++) {
                List<double[]> rows = new ArrayList<>();
                for (int r = 0; r < 12; r++) {
                    rows.add(forks(rnd, n, 1e6));
                }
                Ranking rank = Stats.rank(rows, true);
                named += rank.winner() >= 0 ? 1 : 0;
                boolean oneGroup = true;
                for (int r = 0; r < 12; r++) {
                    oneGroup &= rank.letters(r).equals("a");
                }
                split += oneGroup ? 0 : 1;
            }
            double w = (double) named / runs;
            double s = (double) split / runs;
            System.out.printf(Locale.ROOT, "12 identical rows x %d forks: winner named %.4f, any row outside group a %.4f (α = %.2f family-wise)%n",
                    n, w, s, Stats.ALPHA);
            assertTrue(w <= Stats.ALPHA, n + " forks, winner " + w);
            assertTrue(s <= Stats.ALPHA + SLACK, n + " forks, groups " + s);
        }
    }
}
