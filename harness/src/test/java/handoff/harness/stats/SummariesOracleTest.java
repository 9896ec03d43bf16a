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

    /** The spread of forks, intervals and modes at their edges (docs/statistics.md §2, §8). */
    @Test
    void spreadIntervalsAndModesAtTheirEdges() {
        assertThat(Stats.spreadRatio(new double[] {2, 8, 4})).isEqualTo(4);
        assertThat(Stats.spreadRatio(new double[] {2, 2})).isEqualTo(1);
        assertThat(Stats.spreadRatio(new double[] {2})).isNaN();
        assertThat(Stats.spreadRatio(new double[] {0, 2})).isNaN();
        assertThat(Stats.medianInterval(new double[0]).n()).isZero();
        assertThat(Stats.medianInterval(new double[0]).centre()).isNaN();
        Stats.Interval one = Stats.medianInterval(new double[] {7});
        assertThat(one.n()).isEqualTo(1);
        assertThat(one.level()).isZero();
        assertThat(one.describe()).isEqualTo("1 fork: no interval");
        Stats.Interval six = Stats.medianInterval(new double[] {6, 1, 5, 2, 4, 3});
        assertThat(six.centre()).isEqualTo(3.5);
        assertThat(six.lo()).isEqualTo(1);
        assertThat(six.hi()).isEqualTo(6);
        assertThat(six.level()).isCloseTo(0.96875, within(TIGHT)); // 1 - 2 * stats.binom.cdf(0, 6, 0.5)
        assertThat(six.describe()).isEqualTo("97 % interval over 6 forks");
        assertThat(six.contains(1)).isTrue();
        assertThat(six.contains(6)).isTrue();
        assertThat(six.contains(6.01)).isFalse();
        // separated: a gap between the intervals, both of two forks or more; touching is no gap
        Stats.Interval a = new Stats.Interval(2, 1, 3, 0.75, 3);
        assertThat(Stats.separated(a, new Stats.Interval(5, 4, 6, 0.75, 3))).isTrue();
        assertThat(Stats.separated(new Stats.Interval(5, 4, 6, 0.75, 3), a)).isTrue();
        assertThat(Stats.separated(a, new Stats.Interval(4, 3, 6, 0.75, 3))).isFalse();
        assertThat(Stats.separated(new Stats.Interval(4, 3, 6, 0.75, 3), a)).isFalse();
        assertThat(Stats.separated(a, new Stats.Interval(5, 4, 6, 0.5, 2))).isTrue();
        assertThat(Stats.separated(new Stats.Interval(5, 4, 6, 0.5, 2), a)).isTrue();
        // a ratio's interval wholly above or below 1; touching 1 is not
        assertThat(Stats.differsFromOne(new Stats.Interval(1.2, 1.01, 1.3, 0.75, 3))).isTrue();
        assertThat(Stats.differsFromOne(new Stats.Interval(0.8, 0.7, 0.99, 0.75, 3))).isTrue();
        assertThat(Stats.differsFromOne(new Stats.Interval(1.2, 1, 1.3, 0.75, 3))).isFalse();
        assertThat(Stats.differsFromOne(new Stats.Interval(0.8, 0.7, 1, 0.75, 3))).isFalse();
        assertThat(Stats.differsFromOne(new Stats.Interval(1.2, 1.1, 1.3, 0.5, 2))).isTrue();
        assertThat(Stats.pairedRatio(new double[] {2, 6, 4}, new double[] {1, 2, 2}).centre()).isEqualTo(2);
        // two modes: each side two forks or more, a gap of 1.5x or more, wider than the spread inside each side
        assertThat(Stats.modes(new double[] {100, 101, 160, 162})).containsExactly(100.5, 161);
        assertThat(Stats.modes(new double[] {100, 101, 149, 150})).as("a gap under 1.5x").isNull();
        assertThat(Stats.modes(new double[] {100, 101, 102, 300})).as("one fork apart").isNull();
        assertThat(Stats.modes(new double[] {100, 300, 301, 302})).as("one fork apart, low side").isNull();
        assertThat(Stats.modes(new double[] {100, 130, 169, 280, 290, 300})).as("the gap no wider than a side's spread").isNull();
        assertThat(Stats.modes(new double[] {100, 101, 300})).as("three forks").isNull();
        assertThat(Stats.modes(new double[] {0, 1, 300, 301})).isNull();
        assertThat(Stats.bimodality(new double[] {100, 101, 160, 162})).isEqualTo("true");
        assertThat(Stats.bimodality(new double[] {100, 101, 102, 103})).isEqualTo("false");
        assertThat(Stats.bimodality(new double[] {100, 101, 150})).isEqualTo("untestable");
    }

    /** Levels and p-values as the report prints them. */
    @Test
    void numbersAsPrinted() {
        assertThat(Stats.formatP(0.05)).isEqualTo("0.05");
        assertThat(Stats.formatP(0.1)).isEqualTo("0.1");
        assertThat(Stats.formatP(0.0076)).isEqualTo("0.0076");
        assertThat(Stats.formatP(1)).isEqualTo("1");
        assertThat(Stats.formatP(3.2e-7)).isEqualTo("3.2e-07");
        assertThat(Stats.formatP(Double.NaN)).isEqualTo("—");
        assertThat(Stats.formatPercent(0.05)).isEqualTo("5 %");
        assertThat(Stats.formatPercent(0.9929)).isEqualTo("99.3 %");
        assertThat(Stats.formatPercent(0.125)).isEqualTo("12.5 %");
        assertThat(Stats.formatLevel(0.95)).isEqualTo("95 %");
        assertThat(Stats.formatPercent(1.5)).isEqualTo("150 %");
    }
}
