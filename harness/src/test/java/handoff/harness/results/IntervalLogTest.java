package handoff.harness.results;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Interval logs read back with HdrHistogram's own HistogramLogReader, interval by interval. */
class IntervalLogTest {
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path run;

    @Test
    void intervalsOfTwoThreadsMergeAndReadBackWithHistogramLogReader() throws Exception {
        long origin = 1_000 * SECOND; // any nanoTime origin: only differences matter
        IntervalRecorder a = new IntervalRecorder(origin, SECOND);
        IntervalRecorder b = new IntervalRecorder(origin, SECOND);
        for (int i = 0; i < 100; i++) {
            a.record(origin + i * 10_000_000L, 1_000 + i); // 100 samples in second 0
        }
        b.record(origin + SECOND / 2, 2_000);           // second 0
        b.record(origin + 3 * SECOND + 5, 9_000_000);   // second 3, after two empty ones
        assertThat(a.total().getTotalCount()).isEqualTo(100);

        String rel = IntervalLog.write(run, "rtt_x_f0", List.of(a, b));
        assertThat(rel).isEqualTo("hlog/rtt_x_f0.hlog");

        List<Histogram> read = new ArrayList<>();
        List<Double> starts = new ArrayList<>();
        try (HistogramLogReader r = new HistogramLogReader(run.resolve(rel).toFile())) {
            EncodableHistogram e;
            while ((e = r.nextIntervalHistogram()) != null) {
                read.add((Histogram) e);
                starts.add(e.getStartTimeStamp() / 1000.0);
            }
        }
        assertThat(read).extracting(Histogram::getTotalCount).containsExactly(101L, 0L, 0L, 1L);
        assertThat(read.get(3).getMaxValue()).isBetween(9_000_000L, 9_010_000L);
        assertThat(starts.get(1) - starts.get(0)).isEqualTo(1.0, org.assertj.core.api.Assertions.within(0.002));

        IntervalLog.Log log = IntervalLog.read(run.resolve(rel));
        assertThat(log.intervals()).hasSize(4);
        assertThat(log.jvmStartEpochMs()).isEqualTo(java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime());
    }

    @Test
    void aValueRecordedBeforeTheOriginCountsInTheFirstInterval() {
        IntervalRecorder r = new IntervalRecorder(10 * SECOND, SECOND);
        r.record(9 * SECOND, 5);
        assertThat(r.intervals()).hasSize(1);
        assertThat(r.intervals().get(0).getTotalCount()).isEqualTo(1);
    }
}
