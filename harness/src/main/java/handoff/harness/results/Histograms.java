package handoff.harness.results;

import org.HdrHistogram.Histogram;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.DataFormatException;

/** Moving histograms between the trial JVM and the sweep, and writing them for plots. */
public final class Histograms {
    private Histograms() {
    }

    /** A histogram of nanoseconds, 3 significant digits, resizing so no sample is ever clipped. */
    public static Histogram newNanos() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    /** Lossless compact text form, for a trial's properties file. */
    public static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(buf);
        byte[] bytes = new byte[n];
        buf.flip();
        buf.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    public static Histogram decode(String text) {
        try {
            Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
            h.setAutoResize(true);
            return h;
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("corrupt histogram", e);
        }
    }

    /** Unit of every histogram the harness writes: nanoseconds, written unscaled. */
    public static final String UNIT_COMMENT = "# handoff: values in nanoseconds (outputValueUnitScalingRatio 1.0)";

    /**
     * HdrHistogram's default text form ({@code outputPercentileDistribution(PrintStream, 1.0)}): whitespace
     * columns Value, Percentile, TotalCount, 1/(1-Percentile), then the {@code #[Mean ...]}, {@code #[Max ...]}
     * and {@code #[Buckets ...]} footer, which is what HdrHistogram's plotFiles.html and hdr-plot read. A
     * leading {@code #} comment states the unit; the max is the footer's, as the last data line has no
     * 4th column.
     */
    public static String percentileText(Histogram h) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            ps.println(UNIT_COMMENT);
            h.outputPercentileDistribution(ps, 1.0);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
