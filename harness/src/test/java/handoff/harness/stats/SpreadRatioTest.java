package handoff.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The quadrature behind {@link PredictedPower}: x = s/σ = √(χ²_df / df) by its moments, known in closed form —
 * E[x²] = 1, E[x⁴] = 1 + 2/df, E[1/x²] = df/(df − 2) — and E[x] = stats.chi.mean(df) / math.sqrt(df) (scipy 1.17.1):
 * 0.7978845608028655 (df 1), 0.886226925452758 (2), 0.9650304561473718 (7), 0.9834835316158409 (15).
 */
class SpreadRatioTest {
    @Test
    void itsMomentsAreTheChiDistributions() {
        double[][] meanX = {{1, 0.7978845608028655}, {2, 0.886226925452758}, {7, 0.9650304561473718}, {15, 0.9834835316158409}};
        for (double[] c : meanX) {
            int df = (int) c[0];
            SpreadRatio s = SpreadRatio.of(df);
            assertThat(s.mean(x -> 1)).as("df %d: weights sum to 1", df).isCloseTo(1, within(1e-12));
            assertThat(s.mean(x -> x)).as("df %d: E[x]", df).isCloseTo(c[1], within(1e-9));
            assertThat(s.mean(x -> x * x)).as("df %d: E[x²]", df).isCloseTo(1, within(1e-9));
            assertThat(s.mean(x -> x * x * x * x)).as("df %d: E[x⁴]", df).isCloseTo(1 + 2.0 / df, within(1e-8));
        }
        assertThat(SpreadRatio.of(7).mean(x -> 1 / (x * x))).as("E[1/x²], the lower tail").isCloseTo(7 / 5.0, within(1e-8));
        assertThat(SpreadRatio.of(7)).isSameAs(SpreadRatio.of(7));
        assertThatThrownBy(() -> SpreadRatio.of(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
    }
}
