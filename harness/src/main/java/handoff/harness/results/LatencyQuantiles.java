package handoff.harness.results;

import org.HdrHistogram.Histogram;

/**
 * The count, p50, p99 and max of a latency histogram in ns (an interval's, a trial's or its jitter thread's), the
 * figures the tail files print. Without samples ({@link #known()} false) the percentiles are unknown: empty cells.
 */
public record LatencyQuantiles(long count, long p50Ns, long p99Ns, long maxNs) {
    public static LatencyQuantiles of(Histogram h) {
        long n = h.getTotalCount();
        return n == 0 ? new LatencyQuantiles(0, 0, 0, 0)
                : new LatencyQuantiles(n, h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getMaxValue());
    }

    /** Whether there was any sample. */
    public boolean known() {
        return count > 0;
    }
}
