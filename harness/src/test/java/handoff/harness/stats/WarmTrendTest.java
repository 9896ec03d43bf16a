package handoff.harness.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The warm-up check: an exact seasonal Mann–Kendall test over each fork's measured iterations. */
class WarmTrendTest {
    @Test
    void theNullDistributionIsKendallsExactOne() {
        // n = 3: inversions 0,1,2,3 in 1,2,2,1 of the 6 orders
        assertThat(WarmTrend.kendall(3)).containsExactly(1 / 6.0, 2 / 6.0, 2 / 6.0, 1 / 6.0);
        double sum = 0;
        for (double p : WarmTrend.kendall(7)) {
            sum += p;
        }
        assertThat(sum).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void threeForksEachStillSpeedingUpAreNotWarm() {
        // throughput rising through every fork's 3 iterations: p = (1/6)^3
        WarmTrend.Result r = WarmTrend.test(List.of(new double[] {10, 11, 12}, new double[] {9, 10, 13},
                new double[] {10, 12, 14}), true);
        assertThat(r.s()).isEqualTo(9);
        assertThat(r.p()).isCloseTo(1 / 216.0, within(1e-12));
        assertThat(r.notWarm()).isTrue();
        assertThat(r.flag()).isEqualTo("true");
    }

    @Test
    void timePerOpFallingIsWarmingAndFlatIsNot() {
        assertThat(WarmTrend.test(List.of(new double[] {12, 11, 10}, new double[] {13, 10, 9}, new double[] {14, 12, 10}),
                false).notWarm()).isTrue();
        WarmTrend.Result flat = WarmTrend.test(List.of(new double[] {10, 12, 11}, new double[] {11, 10, 12},
                new double[] {12, 11, 10}), true);
        assertThat(flat.notWarm()).isFalse();
        assertThat(flat.flag()).isEqualTo("false");
    }

    @Test
    void twoIterationsPerForkCanNeverFlagAndSaySo() {
        // the old quick sizing: 3 forks x 2 iterations, every fork faster in its second: p = 1/8 > 5 %
        WarmTrend.Result r = WarmTrend.test(List.of(new double[] {1, 2}, new double[] {1, 2}, new double[] {1, 2}), true);
        assertThat(r.p()).isCloseTo(0.125, within(1e-12));
        assertThat(r.flag()).isEqualTo("unknown");
    }

    @Test
    void aRowsCheckRunsOverItsTrialsSeriesAsWrittenAndNoSeriesIsNoResult() {
        // each trial's series as its properties hold it ("10;11;12"), read back with parse: the fold's input
        List<double[]> series = new ArrayList<>();
        for (String text : List.of("10;11;12", "10;12;13", "9;10;11")) {
            series.addAll(WarmTrend.parse(text));
        }
        WarmTrend.Result r = WarmTrend.test(series, true);
        assertThat(r.flag()).isEqualTo("true");
        // a trial with no series (absent or empty cell) gives nothing to test: the row's warm_trend_p and not_warm stay empty
        assertThat(WarmTrend.parse(null)).isEmpty();
        assertThat(WarmTrend.parse("")).isEmpty();
        assertThat(WarmTrend.test(WarmTrend.parse(null), true)).isNull();
    }

    @Test
    void forksSeparatedByABarReadBackAsWritten() {
        List<double[]> forks = WarmTrend.parse(WarmTrend.format(new double[] {1.5, 2}) + "|" + WarmTrend.format(new double[] {3}));
        assertThat(forks).hasSize(2);
        assertThat(forks.get(0)).containsExactly(1.5, 2.0);
        assertThat(forks.get(1)).containsExactly(3.0);
    }
}
