package handoff.harness.testing;

import handoff.harness.results.Histograms;
import org.HdrHistogram.Histogram;

/**
 * Test support: a fork's latency samples as a trial carries them (HdrHistogram, encoded), from value, count pairs. Values
 * below 2,048 ns are kept exactly at the study's 3 significant digits, so a test can name each fork's percentiles.
 */
public final class Samples {
    private Samples() {
    }

    /** The histogram of {@code count} samples at each {@code value}: {@code value, count, value, count, ...}. */
    public static Histogram of(long... valueCount) {
        if (valueCount.length % 2 != 0) {
            throw new IllegalArgumentException("samples come in value, count pairs; got " + valueCount.length + " numbers");
        }
        Histogram h = Histograms.newNanos();
        for (int i = 0; i < valueCount.length; i += 2) {
            h.recordValueWithCount(valueCount[i], valueCount[i + 1]);
        }
        return h;
    }

    /** As {@link #of}, encoded as a trial's {@code histogram} cell. */
    public static String encoded(long... valueCount) {
        return Histograms.encode(of(valueCount));
    }
}
