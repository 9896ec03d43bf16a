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

    /**
     * HdrHistogram's percentile distribution in its CSV form: unlike the plain text form, the last
     * line (percentile 1.0, the max) keeps its value, which the plots draw.
     */
    public static String percentileCsv(Histogram h) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(ps, 5, 1.0, true);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
