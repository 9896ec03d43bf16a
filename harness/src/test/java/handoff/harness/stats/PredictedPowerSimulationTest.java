package handoff.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link PredictedPower} checked by simulating the real test ({@link LogT#paired}, {@link Comparison#pAbove},
 * {@link Comparison#alike}) on normal per-round log-ratios with the pilot's mean and spread (40,000 tables a case, fixed
 * seeds): the rejection rate agrees with the prediction within 1 percentage point, and the central-t approximation it
 * replaced does not (docs/statistics.md §13).
 */
class PredictedPowerSimulationTest {
    /** The normal approximation the prediction used before, for the first case: a central t shifted by the effect. */
    private static final double OLD_APPROXIMATION = 0.975;

    @Test
    void theRealTestRejectsAsPredictedWithinOnePoint() {
        int draws = 40_000;
        double mu = 2.311864133081905 * 0.1;
        double predicted = PredictedPower.differs(mu, 0.1, 8, 0.05 / 12);
        double twoSided = simulate(draws, 1, mu, 0.1, 8, c -> c.p() <= 0.05 / 12);
        assertThat(twoSided).isCloseTo(predicted, within(0.01));
        assertThat(Math.abs(twoSided - OLD_APPROXIMATION)).as("the approximation this replaced").isGreaterThan(0.015);

        double[] pilot = {1.42, 1.11, 1.52};
        double[] d = logs(pilot);
        double above = simulate(draws, 2, mean(d), sd(d), 8, c -> c.pAbove(1) <= 0.05 / 11);
        assertThat(above).isCloseTo(PredictedPower.above(pilot, new double[] {1, 1, 1}, 8, 0.05 / 11), within(0.01));

        for (double[] alikePilot : new double[][] {{1.02, 0.98, 1.03}, {1.03, 1.05, 1.01}}) {
            int rounds = alikePilot[0] == 1.02 ? 8 : 3;
            double alpha = rounds == 8 ? 0.05 / 12 : 0.05;
            double[] e = logs(alikePilot);
            double alike = simulate(draws, 3, mean(e), sd(e), rounds, c -> c.alike(alpha, Stats.MARGIN));
            assertThat(alike).isCloseTo(PredictedPower.alike(alikePilot, new double[] {1, 1, 1}, rounds, alpha, Stats.MARGIN), within(0.01));
        }
    }

    private static double simulate(int draws, long seed, double mu, double sigma, int rounds, java.util.function.Predicate<Comparison> decided) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] ones = new double[rounds];
        java.util.Arrays.fill(ones, 1);
        int hits = 0;
        for (int k = 0; k < draws; k++) {
            double[] a = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                a[i] = Math.exp(mu + sigma * rnd.nextGaussian());
            }
            hits += decided.test(LogT.paired(a, ones)) ? 1 : 0;
        }
        return (double) hits / draws;
    }

    private static double[] logs(double[] v) {
        return java.util.Arrays.stream(v).map(Math::log).toArray();
    }

    private static double mean(double[] d) {
        return java.util.Arrays.stream(d).average().orElseThrow();
    }

    private static double sd(double[] d) {
        double m = mean(d);
        return Math.sqrt(java.util.Arrays.stream(d).map(x -> (x - m) * (x - m)).sum() / (d.length - 1));
    }
}
