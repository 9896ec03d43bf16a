package handoff.harness.results;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A trial's latency interval log, {@code hlog/<trial-key>.hlog}: HdrHistogram's {@code HistogramLogWriter}
 * format (read by {@code HistogramLogReader}, {@code HistogramLogProcessor} and HistogramLogAnalyzer), one
 * histogram per interval of the measurement window, values in nanoseconds. Timestamps are seconds since
 * the window's start ({@code #[BaseTime: ...]} is its wall-clock time); a {@code #jvm_start_epoch_ms=}
 * comment lets a reader line the intervals up with the trial's {@code -Xlog:gc} file, whose {@code uptime}
 * decoration counts from the JVM's start.
 */
public final class IntervalLog {
    public static final String FOLDER = "hlog";
    /** Default interval length. */
    public static final long DEFAULT_INTERVAL_MS = 1000;
    private static final String JVM_START = "jvm_start_epoch_ms=";

    /** One interval read back: start and end in ms since the epoch, and its histogram. */
    public record Interval(long startEpochMs, long endEpochMs, Histogram histogram) {
    }

    /** A log read back: the JVM start (epoch ms, -1 if the log does not say) and its intervals. */
    public record Log(long jvmStartEpochMs, List<Interval> intervals) {
    }

    private IntervalLog() {
    }

    /** Sizing key of a trial that sets the interval ({@code --hlog-interval-ms}). */
    public static final String SIZING_KEY = "hlog_interval_ms";

    /** A trial's interval length in ns from its {@link #SIZING_KEY} value (empty: the default). */
    public static long intervalNs(String sizingValue) {
        return (sizingValue == null || sizingValue.isEmpty() ? DEFAULT_INTERVAL_MS : Long.parseLong(sizingValue)) * 1_000_000;
    }

    /** The log's path relative to the run folder. */
    public static String relativePath(String trialKey) {
        return FOLDER + "/" + trialKey + ".hlog";
    }

    /**
     * Writes the intervals of one trial (all recorders of the same origin and interval merged) and returns
     * the path relative to the run folder, for the trial's result.
     */
    public static String write(Path runDir, String trialKey, List<IntervalRecorder> recorders) {
        IntervalRecorder first = recorders.get(0);
        long intervalMs = Math.max(1, first.intervalNs() / 1_000_000);
        long originEpochMs = System.currentTimeMillis() - (System.nanoTime() - first.originNs()) / 1_000_000;
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputLogFormatVersion();
            w.outputComment("handoff trial " + trialKey + ": latency in nanoseconds, " + intervalMs + " ms intervals");
            w.outputComment(JVM_START + jvmStart);
            w.outputStartTime(originEpochMs);
            w.setBaseTime(originEpochMs);
            w.outputBaseTime(originEpochMs);
            w.outputLegend();
            List<Histogram> intervals = IntervalRecorder.merge(recorders);
            for (int i = 0; i < intervals.size(); i++) {
                Histogram h = intervals.get(i);
                h.setStartTimeStamp(originEpochMs + i * intervalMs);
                h.setEndTimeStamp(originEpochMs + (i + 1) * intervalMs);
                w.outputIntervalHistogram(h);
            }
        }
        String rel = relativePath(trialKey);
        AtomicFiles.write(runDir.resolve(rel), bytes.toByteArray());
        return rel;
    }

    /** Reads a log with {@code HistogramLogReader}. */
    public static Log read(Path file) throws IOException {
        long jvmStart = -1;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int at = line.indexOf(JVM_START);
            if (line.startsWith("#") && at >= 0) {
                jvmStart = Long.parseLong(line.substring(at + JVM_START.length()).trim());
            }
        }
        List<Interval> out = new ArrayList<>();
        try (HistogramLogReader r = new HistogramLogReader(file.toFile())) {
            EncodableHistogram e;
            while ((e = r.nextIntervalHistogram()) != null) {
                Histogram h = (Histogram) e;
                out.add(new Interval(h.getStartTimeStamp(), h.getEndTimeStamp(), h));
            }
        }
        return new Log(jvmStart, out);
    }
}
