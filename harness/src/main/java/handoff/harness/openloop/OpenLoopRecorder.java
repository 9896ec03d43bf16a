package handoff.harness.openloop;

import handoff.pipelines.OrderEvent;
import handoff.pipelines.Pipeline;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Runs on the aggregate thread, after the aggregate stage; its plain fields belong to that thread and are read
 * by others only after it is halted. Every event, warm-up included, goes into the end-to-end histogram of its
 * <em>intended-time</em> interval (t0 + i·interval), so the warm-up and the window are one interval log; when the
 * recorder moves on to a later interval it publishes the p50 of those it left, for the monitor's steady-state
 * test. Events due inside the measurement window also go into the per-hop histograms.
 */
final class OpenLoopRecorder implements Pipeline.Tap {
    /** Completion deadline after the window closes: an event due in the window that completes later is not achieved. */
    static final long DEADLINE_NS = 100_000_000;

    private final OpenLoopWindow window;
    private final List<Histogram> byInterval = new ArrayList<>();
    /** Published p50s: element i written (plain) before {@link #published} is raised past i (release). */
    private final AtomicLongArray p50s;
    private final AtomicInteger published = new AtomicInteger();
    private int current = -1;
    final Hops measured = new Hops();
    /** Window events completed by window end + {@link #DEADLINE_NS}. */
    long onTime;

    OpenLoopRecorder(OpenLoopWindow window) {
        this.window = window;
        this.p50s = new AtomicLongArray((int) ((window.hardEnd - window.t0) / window.intervalNs) + 2);
    }

    @Override
    public void onAggregated(OrderEvent e) {
        long now = System.nanoTime();
        long intended = e.intendedNanos;
        long latency = Math.max(0, now - intended);
        int i = (int) Math.max(0, (intended - window.t0) / window.intervalNs);
        while (byInterval.size() <= i) {
            byInterval.add(OpenLoopRun.newHistogram());
        }
        byInterval.get(i).recordValue(latency);
        if (i > current) {
            publishBefore(i);
            current = i;
        }
        if (window.measures(intended)) {
            measured.record(e, now);
            if (now <= window.end() + DEADLINE_NS) {
                onTime++;
            }
        }
    }

    private void publishBefore(int i) {
        int n = published.get();
        int upTo = Math.min(i, p50s.length());
        for (int k = n; k < upTo; k++) {
            p50s.setPlain(k, byInterval.get(k).getValueAtPercentile(50));
        }
        if (upTo > n) {
            published.setRelease(upTo);
        }
    }

    /** The p50s of the intervals published so far (monitor thread). */
    double[] publishedP50s() {
        int n = published.getAcquire();
        double[] out = new double[n];
        for (int k = 0; k < n; k++) {
            out[k] = p50s.getPlain(k);
        }
        return out;
    }

    /** Interval histograms of [from, to) (after the aggregate thread is halted); missing intervals are empty. */
    List<Histogram> intervals(int from, int to) {
        List<Histogram> out = new ArrayList<>();
        for (int k = from; k < to; k++) {
            out.add(k < byInterval.size() ? byInterval.get(k) : OpenLoopRun.newHistogram());
        }
        return out;
    }

    /** End-to-end and per-hop histograms of the window. */
    static final class Hops {
        final Histogram endToEnd = OpenLoopRun.newHistogram();
        final Histogram publishToParse = OpenLoopRun.newHistogram();
        final Histogram parseToEnrich = OpenLoopRun.newHistogram();
        final Histogram enrichToAggregate = OpenLoopRun.newHistogram();
        long count;

        void record(OrderEvent e, long now) {
            long intended = e.intendedNanos;
            // Clamped at 0 only as a guard: nanoTime is monotonic and each stamp follows a hand-off.
            endToEnd.recordValue(Math.max(0, now - intended));
            publishToParse.recordValue(Math.max(0, e.parseNanos - intended));
            parseToEnrich.recordValue(Math.max(0, e.enrichNanos - e.parseNanos));
            enrichToAggregate.recordValue(Math.max(0, e.aggregateNanos - e.enrichNanos));
            count++;
        }
    }
}
