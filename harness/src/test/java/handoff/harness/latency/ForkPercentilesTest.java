package handoff.harness.latency;

import handoff.harness.results.Cells;
import handoff.harness.results.Histograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Percentiles folded over forks: every fork weighs the same, and no fork with samples is unknown, never 0. */
class ForkPercentilesTest {
    @Test
    void noForkWithSamplesIsEmptyNeverZero() {
        ForkPercentiles none = ForkPercentiles.of(List.of(Histograms.newNanos()));
        assertThat(Cells.format(none.p99())).isEmpty();
        assertThat(Cells.format(none.max())).isEmpty();
    }

    @Test
    void aHistogramWithoutSamplesHasNoPercentiles() {
        for (List<Histogram> forks : List.of(List.of(Histograms.newNanos()), List.<Histogram>of(),
                java.util.Collections.<Histogram>singletonList(null))) {
            ForkPercentiles none = ForkPercentiles.of(forks);
            for (double v : new double[] {none.mean(), none.p50(), none.p90(), none.p99(), none.p999(), none.max()}) {
                assertThat(Cells.format(v)).as(forks.toString()).isEmpty();
            }
            assertThat(none.p50Forks()).isEmpty();
            assertThat(none.p99Forks()).isEmpty();
        }
    }

    @Test
    void eachForkWeighsTheSame() {
        Histogram small = Histograms.newNanos();
        small.recordValue(100);
        Histogram big = Histograms.newNanos();
        for (int i = 0; i < 1000; i++) {
            big.recordValue(1000);
        }
        Histogram mid = Histograms.newNanos();
        mid.recordValue(500);
        ForkPercentiles f = ForkPercentiles.of(List.of(small, big, mid));
        // the median of the three forks' p50s (about 100, 1000 and 500), whatever their sample counts
        assertThat(f.p50()).isBetween(490.0, 510.0);
        assertThat(f.max()).isBetween(990.0, 1010.0);
        assertThat(f.p50Forks()).hasSize(3);
    }
}
