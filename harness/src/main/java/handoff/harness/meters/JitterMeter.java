package handoff.harness.meters;

import handoff.harness.results.IntervalRecorder;

import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * The box's own jitter beside a trial (jHiccup's idea, written here): a thread that does nothing but sleep to fixed
 * deadlines {@link #PERIOD_NS} apart and record, in an HdrHistogram interval log on the trial's own interval grid, how
 * late it woke. Whatever stalls it — the scheduler giving its CPU to another thread, the hypervisor taking the whole
 * VM, a safepoint it must wait out as it returns to Java — stalls a trial thread the same way, so its distribution is
 * the floor under every latency the trial reports, and a stall it saw in an interval names a box-wide cause.
 *
 * <p>It sleeps rather than spins: a spinning meter would hold one of the box's CPUs for the whole window (on the
 * 2-vCPU reference box, half the machine) and measure a different trial. A sleeping one costs a wake-up per
 * period, and its own floor is the kernel's timer slack and wake-up path (tens of µs); that floor is its p50,
 * which the spike rule subtracts before calling a wake-up a stall. One sample per wake-up: after a stall it does not
 * back-fill the deadlines it slept through (no coordinated-omission correction), it takes the next deadline a period
 * after it woke, so a stall is one sample of its own length.
 *
 * <p>At each boundary {@code origin + k·interval} (k = 0, 1, ...) it calls {@code boundary} with k once it has woken
 * past it (the scheduler sampler's hook), and once more when stopped, to close the last, partial interval. Wake-ups
 * before the origin are not recorded. Clock and sleep are given, so that a test can inject a known stall.
 */
public final class JitterMeter implements Runnable {
    /**
     * The deadline period: 10 ms. jHiccup's 1 ms was measured to move what a trial measures: in paired, interleaved
     * runs of RTT abq/block B=1 on the 2-vCPU box (with and without the probe, two runs of 8 pairs) the medians stayed
     * put (paired ratios 1.003 and 0.995) but the p99 was higher with a 1 ms meter in 14 of 16 pairs (medians 18.1 vs
     * 9.8 µs and 27.6 vs 5.7 µs), a wake-up every millisecond meeting the trial's own; with 10 ms in 10 of 18 pairs
     * (8 + 10 pairs; median paired p99 ratio about 1.0), which is the two arms sharing the box's slow spells. A longer
     * period sees a stall shorter than itself only when a deadline falls inside it (a 2 ms stall one time in five).
     */
    public static final long PERIOD_NS = 10_000_000;

    /** Sleeps until the clock reads at least {@code deadlineNs} (or the meter is stopped). */
    public interface Sleeper {
        void sleepUntil(long deadlineNs);
    }

    private final LongSupplier clock;
    private final Sleeper sleeper;
    private final long periodNs;
    private final IntervalRecorder recorder;
    private final IntConsumer boundary;
    private volatile boolean stopped;

    /**
     * @param originNs   clock reading at which interval 0 of the trial's interval log starts
     * @param intervalNs that log's interval length
     */
    public JitterMeter(LongSupplier clock, Sleeper sleeper, long periodNs, long originNs, long intervalNs, IntConsumer boundary) {
        if (periodNs <= 0) {
            throw new IllegalArgumentException("period must be > 0 ns, got " + periodNs);
        }
        this.clock = clock;
        this.sleeper = sleeper;
        this.periodNs = periodNs;
        this.recorder = new IntervalRecorder(originNs, intervalNs);
        this.boundary = boundary;
    }

    @Override
    public void run() {
        long origin = recorder.originNs();
        long interval = recorder.intervalNs();
        int next = 0; // the next boundary to report
        long deadline = clock.getAsLong() + periodNs;
        while (!stopped) {
            sleeper.sleepUntil(deadline);
            long now = clock.getAsLong();
            if (stopped) {
                break; // woken to stop, not by its deadline
            }
            if (now >= origin) {
                recorder.record(now, Math.max(0, now - deadline));
            }
            while (now >= origin + next * interval) {
                boundary.accept(next++);
            }
            // the next deadline a period after this one, or after now if this wake-up (or the sampling) overran it
            long after = clock.getAsLong();
            deadline += periodNs;
            if (deadline <= after) {
                deadline = after + periodNs;
            }
        }
        if (next > 0) {
            boundary.accept(next); // closes the last, partial interval
        }
    }

    /** Makes {@link #run()} return after its current sleep; the caller wakes the thread. */
    public void stop() {
        stopped = true;
    }

    public long periodNs() {
        return periodNs;
    }

    /** The wake-ups' lateness by interval; read after the meter's thread has ended. */
    public IntervalRecorder recorder() {
        return recorder;
    }
}
