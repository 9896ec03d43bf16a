package handoff.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The summaries behind a verdict against an independent implementation: expected values printed by scipy 1.17.1
 * (Python 3.11; {@code from scipy import stats}; {@code L = numpy.log}) for the same numbers, the command beside each.
 */
class SummariesOracleTest {
    private static final double TIGHT = 1e-12;

    /**
     * The regression gate's rows together (docs/statistics.md §11): per round the geometric mean of the worse-way values —
     * stats.gmean([p99[i], 1 / throughput[i]]) — then Welch's t on their logs, NEW against BASE.
     */
    @Test
    void roundMeansAreGeometricMeansOfTheWorseWayValues() {
        List<double[]> base = List.of(new double[] {100, 110, 90}, new double[] {2e6, 1.8e6, 2.2e6});
        List<double[]> news = List.of(new double[] {105, 118, 99}, new double[] {1.9e6, 1.6e6, 2.0e6});
        boolean[] higherIsBetter = {false, true};
        assertThat(RoundMeans.of(base, higherIsBetter, 3))
                .containsExactly(new double[] {0.007071067811865478, 0.007817359599705717, 0.0063960214906683115}, within(TIGHT));
        assertThat(RoundMeans.of(news, higherIsBetter, 3))
                .containsExactly(new double[] {0.007433919416750276, 0.00858778201865883, 0.007035623639735142}, within(TIGHT));
        Comparison c = RoundMeans.worseWay(base, news, higherIsBetter);
        // stats.ttest_ind(L(new_means), L(base_means), equal_var=False): statistic 0.9612490233565405,
        // pvalue 0.3908952180394928, df 3.997354047688909; exp(mean difference) 1.0830507766312736
        assertThat(c.p()).isCloseTo(0.3908952180394928, within(1e-9));
        assertThat(c.df()).isCloseTo(3.997354047688909, within(1e-9));
        assertThat(c.ratio()).isCloseTo(1.0830507766312736, within(1e-9));
        assertThat(c.logDiff() / c.se()).isCloseTo(0.9612490233565405, within(1e-9));
        assertThat(RoundMeans.rounds(List.of(new double[] {1, 2, 3}, new double[] {1, 2}))).isEqualTo(2);
        assertThat(RoundMeans.usable(new double[] {1, 2, Double.NaN}, 2)).isTrue();
        assertThat(RoundMeans.usable(new double[] {1, 0, 3}, 2)).isFalse();
        assertThat(RoundMeans.usable(new double[] {1, Double.POSITIVE_INFINITY}, 2)).isFalse();
        assertThat(RoundMeans.usable(new double[] {1}, 2)).isFalse();
        assertThat(RoundMeans.usable(null, 2)).isFalse();
    }

    /** stats.norm.sf(z); Abramowitz and Stegun 7.1.26 promises an absolute error below 1.5e-7. */
    @Test
    void normalUpperTailMatchesScipy() {
        double[][] zp = {{0, 0.5}, {0.5, 0.3085375387259869}, {1.959963984540054, 0.025}, {3, 0.0013498980316300933},
                {-1.2, 0.8849303297782918}, {5, 2.866515718791933e-07}};
        for (double[] c : zp) {
            assertThat(Normal.upperTail(c[0])).as("z = %s", c[0]).isCloseTo(c[1], within(1.5e-7));
        }
    }

    /**
     * The median's distribution-free interval (docs/statistics.md §2): [x(k), x(n+1−k)] covers the median with
     * 1 − 2·stats.binom.cdf(k − 1, n, 0.5).
     */
    @Test
    void medianIntervalCoverageIsBinomial() {
        assertThat(Stats.coverage(3, 1)).isCloseTo(0.75, within(TIGHT));
        assertThat(Stats.coverage(5, 1)).isCloseTo(0.9375, within(TIGHT));
        assertThat(Stats.coverage(6, 1)).isCloseTo(0.96875, within(TIGHT));
        assertThat(Stats.coverage(10, 2)).isCloseTo(0.978515625, within(TIGHT));
        assertThat(Stats.coverage(20, 6)).isCloseTo(0.9586105346679688, within(TIGHT));
        // 20 forks: the narrowest pair reaching 95 % is x(6)..x(15)
        double[] xs = new double[20];
        for (int i = 0; i < 20; i++) {
            xs[i] = 20 - i;
        }
        Stats.Interval i = Stats.medianInterval(xs);
        assertThat(i.lo()).isEqualTo(6);
        assertThat(i.hi()).isEqualTo(15);
        assertThat(i.centre()).isEqualTo(10.5);
        assertThat(i.level()).isCloseTo(0.9586105346679688, within(TIGHT));
    }
}
