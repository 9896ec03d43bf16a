package handoff.harness.meters;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The jitter meter on a fake clock: a stall injected into one sleep must come out as that sleep's lateness. */
class JitterMeterTest {
    private static final long MS = 1_000_000;

    @Test
    void recordsAnInjectedStallInTheIntervalItWokeIn() {
        AtomicLong clock = new AtomicLong();
        List<Integer> boundaries = new ArrayList<>();
        JitterMeter[] meter = new JitterMeter[1];
        int[] sleeps = {0};
        meter[0] = new JitterMeter(clock::get, deadline -> {
            sleeps[0]++;
            clock.set(deadline + (sleeps[0] == 12 ? 3 * MS : 20_000)); // every wake-up 20 µs late, the 12th 3 ms
            if (sleeps[0] == 30) {
                meter[0].stop();
            }
        }, MS, 5 * MS, 10 * MS, boundaries::add);

        meter[0].run();

        List<Histogram> intervals = meter[0].recorder().intervals();
        // wake-ups at 5..11 ms (interval 0), the stalled one at 15 ms, then a period after it: 16..32 ms
        assertThat(intervals).hasSize(3);
        assertThat(intervals.get(0).getTotalCount()).isEqualTo(7); // the wake-ups before 5 ms are not recorded
        assertThat((double) intervals.get(0).getMaxValue()).isCloseTo(20_000, within(100.0));
        assertThat((double) intervals.get(1).getMaxValue()).isCloseTo(3 * MS, within(3_000.0));
        assertThat(intervals.get(1).getTotalCount()).isEqualTo(10); // the stall, then 16..24 ms: no catch-up wake-ups
        assertThat(intervals.get(2).getTotalCount()).isEqualTo(8); // 25..32 ms; the 33 ms wake-up was the stop
        assertThat((double) intervals.get(2).getMaxValue()).isCloseTo(20_000, within(100.0));
        assertThat(boundaries).containsExactly(0, 1, 2, 3); // 5, 15, 25 ms, and the close at the stop
    }

    @Test
    void aMeterStoppedBeforeTheOriginRecordsAndClosesNothing() {
        AtomicLong clock = new AtomicLong();
        List<Integer> boundaries = new ArrayList<>();
        JitterMeter[] meter = new JitterMeter[1];
        meter[0] = new JitterMeter(clock::get, deadline -> {
            clock.set(deadline + 10);
            if (deadline > 3 * MS) {
                meter[0].stop();
            }
        }, MS, 100 * MS, 10 * MS, boundaries::add);
        meter[0].run();
        assertThat(meter[0].recorder().total().getTotalCount()).isZero();
        assertThat(boundaries).isEmpty();
    }

    @Test
    void aRealSleepOfOneMillisecondWakesLateByLessThanTheSleep() throws Exception {
        long origin = System.nanoTime();
        JitterMeter meter = new JitterMeter(System::nanoTime, deadline -> {
            long left;
            while ((left = deadline - System.nanoTime()) > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(left);
            }
        }, MS, origin, 1_000 * MS, k -> { });
        Thread t = new Thread(meter, "jitter-test");
        t.start();
        Thread.sleep(200);
        meter.stop();
        t.join(5_000);
        Histogram h = meter.recorder().total();
        assertThat(h.getTotalCount()).isBetween(20L, 220L); // about one wake-up per ms, on a loaded box fewer
        assertThat(h.getValueAtPercentile(50)).isLessThan(MS); // late, but typically by tens of µs
    }
}
