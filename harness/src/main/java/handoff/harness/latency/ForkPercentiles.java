package handoff.harness.latency;

import handoff.harness.stats.Stats;
import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * Latency percentiles with every fork weighted equally: each of mean, p50, p90, p99 and p99.9 per fork, the median
 * over forks; max the largest over forks. NaN
 * (the empty cell) where no fork has samples.
 *
 * @param p50Forks each fork's p50, fork order (forks with samples only); like {@code p99Forks}
 */
record ForkPercentiles(double mean, double p50, double p90, double p99, double p999, double max, double[] p50Forks,
                       double[] p99Forks) {

    /** Over each fork's histogram; forks without one or without samples are left out. */
    static ForkPercentiles of(List<Histogram> forks) {
        List<Histogram> measured = forks.stream().filter(h -> h != null && h.getTotalCount() > 0).toList();
        int n = measured.size();
        double[][] v = new double[5][n];
        double max = Double.NaN;
        for (int i = 0; i < n; i++) {
            Histogram h = measured.get(i);
            v[0][i] = h.getMean();
            v[1][i] = h.getValueAtPercentile(50);
            v[2][i] = h.getValueAtPercentile(90);
            v[3][i] = h.getValueAtPercentile(99);
            v[4][i] = h.getValueAtPercentile(99.9);
            max = Double.isNaN(max) ? h.getMaxValue() : Math.max(max, h.getMaxValue());
        }
        return new ForkPercentiles(Stats.median(v[0]), Stats.median(v[1]), Stats.median(v[2]), Stats.median(v[3]),
                Stats.median(v[4]), max, v[1], v[3]);
    }
}
