package handoff.harness.testing;

import handoff.harness.meters.PerUnitUsage;
import handoff.harness.meters.WhyMetrics;
import handoff.harness.results.Histograms;
import org.HdrHistogram.Histogram;

/** Test support: typed values as a trial JVM records them, for the trial records' round trips. */
public final class Fixtures {
    private Fixtures() {
    }

    /** A histogram of a few latencies (ns). */
    public static Histogram histogram(long... ns) {
        Histogram h = Histograms.newNanos();
        for (long v : ns.length == 0 ? new long[] {120, 450, 9_000} : ns) {
            h.recordValue(v);
        }
        return h;
    }

    /** Resource figures as a cell holds them (4 significant digits), one unknown. */
    public static PerUnitUsage usage() {
        return new PerUnitUsage(3, 12.5, 4.25, 96, 1234.5, Double.NaN,
                new WhyMetrics.PerOp(0.002, 0.0001, 610.5, 624, 7));
    }
}
