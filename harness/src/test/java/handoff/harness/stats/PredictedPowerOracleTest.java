package handoff.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * {@link PredictedPower} (docs/statistics.md §13) is the exact power of the study's paired t, checked two ways:
 * against scipy 1.17.1's noncentral t (Python 3.11; {@code from scipy import stats}; ν = rounds − 1, δ = |μ|·√rounds/σ,
 * c = the test's critical t), and by simulating the real test (PredictedPowerSimulationTest). The two one-sided tests
 * have no closed form in scipy; their expected values are the same average over the sample spread evaluated by
 * scipy.integrate.quad (command in the test), and the simulation checks them as it checks the others.
 */
class PredictedPowerOracleTest {
    /**
     * The case: at 8 rounds and α/12 an effect the shifted central t put at 97.5 % — μ/σ = 2.311864133081905 —
     * has exact power stats.nct.sf(c, 7, d) + stats.nct.cdf(-c, 7, d) = 0.951477353791155, c = stats.t.ppf(1 - α/24, 7),
     * d = μ·√8/σ.
     */
    @Test
    void twoSidedPowerIsTheNoncentralT() {
        assertThat(PredictedPower.differs(2.311864133081905, 1, 8, 0.05 / 12)).isCloseTo(0.951477353791155, within(1e-6));
        // (mu, sd, rounds, alpha) -> stats.nct.sf(c, n-1, d) + stats.nct.cdf(-c, n-1, d)
        assertThat(PredictedPower.differs(0.5, 0.3, 3, 0.05)).isCloseTo(0.3671635698316868, within(1e-6));
        assertThat(PredictedPower.differs(0.2, 0.25, 6, 0.05 / 7)).isCloseTo(0.08981975428280815, within(1e-6));
        assertThat(PredictedPower.differs(0.3, 0.2, 8, 0.05 / 12)).isCloseTo(0.56499314948906, within(1e-6));
        assertThat(PredictedPower.differs(-0.05, 0.2, 8, 0.05)).isCloseTo(0.0943413774623456, within(1e-6));
        // two rounds (1 df), where the resolution floor under the test's standard error binds a little: the noncentral t
        // gives 0.17570741109776028; with the floor, E[Φ(d − c·max(x, f)) + Φ(−d − c·max(x, f))] over x = s/σ,
        // f = sqrt(2·(ln 1.01)²/3)/σ, by integrate.quad(lambda x: g(x) * stats.chi.pdf(x, 1), 0, inf): 0.17568638494844524
        assertThat(PredictedPower.differs(1.0, 0.5, 2, 0.05)).isCloseTo(0.17568638494844524, within(1e-6));
        assertThat(PredictedPower.differs(1.0, 0.5, 1, 0.05)).isZero();
        assertThat(PredictedPower.differs(1.0, 0, 8, 0.05)).isZero();
    }

    /**
     * One-sided, from a pilot's three rounds: μ and σ of its log-ratios (numpy mean, std with ddof=1), power at the
     * planned rounds — stats.nct.sf(stats.t.ppf(1 - α, n - 1), n - 1, μ·√n/σ).
     */
    @Test
    void oneSidedPowerIsTheNoncentralT() {
        double[] ones = {1, 1, 1};
        // mu 0.29124240726519907, sd 0.16538316050339, 8 rounds, alpha 0.05/11
        assertThat(PredictedPower.above(new double[] {1.42, 1.11, 1.52}, ones, 8, 0.05 / 11)).isCloseTo(0.8679003441909477, within(1e-6));
        // mu 0.04851794420058005, sd 0.02858017924993281, 6 rounds, alpha 0.01; the floor moves it by 1.3e-6
        assertThat(PredictedPower.above(new double[] {1.05, 1.02, 1.08}, ones, 6, 0.01)).isCloseTo(0.750471342192371, within(3e-6));
        // the wrong way round: no power
        assertThat(PredictedPower.above(ones, new double[] {1.42, 1.11, 1.52}, 8, 0.05 / 11)).isLessThan(1e-4);
    }

    /**
     * The two one-sided tests (alike within ±5 %): E[max(0, Φ((D − μ)/τ − c·max(x, f)) − Φ((−D − μ)/τ + c·max(x, f)))]
     * over x = s/σ, D = ln 1.05, τ = σ/√n, c = stats.t.ppf(1 − α, n − 1), by scipy.integrate.quad as above.
     */
    @Test
    void equivalencePowerMatchesItsIntegral() {
        double[] ones = {1, 1, 1};
        assertThat(PredictedPower.alike(new double[] {1.02, 0.98, 1.03}, ones, 8, 0.05 / 12, Stats.MARGIN)).isCloseTo(0.677219447359577, within(1e-6));
        assertThat(PredictedPower.alike(new double[] {1.01, 1.04, 0.99}, ones, 6, 0.05, Stats.MARGIN)).isCloseTo(0.913826569261777, within(1e-6));
        assertThat(PredictedPower.alike(new double[] {0.97, 1.03, 1.00}, ones, 8, 0.05, Stats.MARGIN)).isCloseTo(0.9860606746022155, within(1e-6));
        assertThat(PredictedPower.alike(new double[] {1.03, 1.05, 1.01}, ones, 3, 0.05, Stats.MARGIN)).isCloseTo(0.3010186429399893, within(1e-6));
        assertThat(PredictedPower.alike(new double[] {2.0, 2.1, 1.9}, ones, 8, 0.05, Stats.MARGIN)).isLessThan(1e-9);
    }

    /** A pilot too scattered for the assumption check at the planned rounds is predicted undecided; from 6 rounds on it is tested. */
    @Test
    void aPilotSpreadOverTwiceIsPredictedUndecidedBelowSixRounds() {
        double[] twoModes = {1000, 4000, 1000};
        double[] ref = {100, 100, 100};
        assertThat(PredictedPower.differs(twoModes, ref, 3, Stats.ALPHA)).isZero();
        assertThat(PredictedPower.above(twoModes, ref, 5, Stats.ALPHA)).isZero();
        assertThat(PredictedPower.alike(twoModes, ref, 5, Stats.ALPHA, Stats.MARGIN)).isZero();
        assertThat(PredictedPower.differs(twoModes, ref, 6, Stats.ALPHA)).isPositive();
        assertThat(PredictedPower.differs(new double[] {5}, new double[] {1}, 8, Stats.ALPHA)).isZero();
    }

    /** The ratio row's spread read back from its interval: (ln hi − ln lo) / (2 · stats.t.ppf(0.975, 3)) · √4. */
    @Test
    void theSpreadBehindAnIntervalIsReadBack() {
        // (math.log(1.3) - math.log(1.1)) / (2 * stats.t.ppf(0.975, 3)) * 2 = 0.052492349795756774
        assertThat(PredictedPower.sdOfInterval(1.1, 1.3, 0.95, 4)).isCloseTo(0.052492349795756774, within(1e-12));
        assertThat(PredictedPower.sdOfInterval(1.1, 1.3, 0.95, 1)).isNaN();
        assertThat(PredictedPower.sdOfInterval(1.3, 1.1, 0.95, 4)).isNaN();
    }

    /**
     * Where the pilot's spread is below LogT's resolution floor, the truth's σ is the floor's, sqrt(2·(ln 1.01)²/3), and
     * the test's standard error never goes below it: the averages over x = s/σ of Φ(d − c·max(x, 1)) (+ Φ(−d − c·max(x,
     * 1)) two-sided; the equivalence test as above), by integrate.quad split at x = 1. The kink at the floor costs the
     * quadrature its last digits: within 1e-5 here.
     */
    @Test
    void underTheResolutionFloorTheFloorIsTheSpread() {
        assertThat(PredictedPower.differs(0.01, 0.001, 8, 0.05)).isCloseTo(0.8056003208310912, within(1e-5));
        double[] ones = {1, 1, 1};
        assertThat(PredictedPower.above(new double[] {1.0101, 1.0099, 1.0100}, ones, 8, 0.05 / 11)).isCloseTo(0.36211385739221, within(1e-5));
        // without the floor under the test's standard error this would be 0.9103369126740407
        assertThat(PredictedPower.alike(new double[] {1.0401, 1.0399, 1.0400}, ones, 8, 0.05, Stats.MARGIN))
                .isCloseTo(0.8885752365769373, within(1e-5));
    }

    /** Which rounds a pilot's values are usable for: two values at least, and under 6 rounds a spread of at most 2×. */
    @Test
    void aPilotIsUsableWithTwoValuesAndWithinTheCheck() {
        double[] ref = {100, 100, 100};
        // log-ratios spread ln(1.9) < ln 2: usable at 3 rounds
        assertThat(PredictedPower.differs(new double[] {100, 190, 150}, ref, 3, Stats.ALPHA)).isPositive();
        assertThat(PredictedPower.differs(new double[] {100, 190, 150}, ref, 1, Stats.ALPHA)).isZero();
        assertThat(PredictedPower.differs(new double[] {100, 250, 150}, ref, 5, Stats.ALPHA)).isZero();
        assertThat(PredictedPower.differs(new double[] {100, 250, 150}, ref, 6, Stats.ALPHA)).isPositive();
        // a zero, negative or unknown value is no log-ratio: one left is too few
        assertThat(PredictedPower.differs(new double[] {0, -5, 150}, ref, 8, Stats.ALPHA)).isZero();
        assertThat(PredictedPower.differs(new double[] {150, 160, Double.NaN}, new double[] {100, 0, 100}, 8, Stats.ALPHA)).isZero();
        assertThat(PredictedPower.differs(null, ref, 8, Stats.ALPHA)).isZero();
        assertThat(PredictedPower.sdOfInterval(0, 1.3, 0.95, 4)).isNaN();
        assertThat(PredictedPower.sdOfInterval(1.1, 1.1, 0.95, 4)).isNaN();
        assertThat(PredictedPower.sdOfInterval(1.1, 1.3, 1, 4)).isNaN();
        assertThat(PredictedPower.sdOfInterval(1.1, 1.3, 0, 4)).isNaN();
        assertThat(PredictedPower.sdOfInterval(1.1, 1.3, 0.95, 2)).isPositive();
    }

    /**
     * The family a pilot declares: the smallest m at which no more than m rows are decided at α/m. Here row 0 is decided
     * at any level and rows 1 and 2 only at 0.02 or above: at m = 1 and 2 three rows are decided, at m = 3 only row 0.
     */
    @Test
    void theFamilyIsTheSmallestThatHoldsWhatItDecides() {
        java.util.Map<Integer, Double> needs = java.util.Map.of(0, 0.0, 1, 0.02, 2, 0.02);
        assertThat(PredictedPower.decided(java.util.List.of(0, 1, 2), (i, alpha) -> alpha >= needs.get(i))).containsExactly(0);
        assertThat(PredictedPower.decided(java.util.List.of(1, 2), (i, alpha) -> alpha >= needs.get(i))).containsExactly(1, 2);
        assertThat(PredictedPower.decided(java.util.List.of(0, 1), (i, alpha) -> i == 0)).containsExactly(0);
        assertThat(PredictedPower.decided(java.util.List.of(), (i, alpha) -> true)).isEmpty();
        assertThat(PredictedPower.decided(java.util.List.of(0, 1), (i, alpha) -> true)).containsExactly(0, 1);
        // each against row 0: tenfold is shown different, same shown alike, noisy neither; a row without values or family
        // is no candidate
        double[] ref = {100, 100, 100};
        java.util.List<double[]> pilot = java.util.Arrays.asList(ref, new double[] {1000, 1010, 990}, new double[] {100.2, 99.9, 100.1},
                new double[] {150, 90, 120}, null, new double[] {1000, 1000, 1000});
        assertThat(PredictedPower.decidedRows(pilot, new int[] {-1, 0, 0, 0, 0, -1}, 8, 0.975)).containsExactly(1, 2);
    }
}
