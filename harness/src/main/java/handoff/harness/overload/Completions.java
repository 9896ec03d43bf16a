package handoff.harness.overload;

import handoff.harness.openloop.OpenLoopRun;
import handoff.pipelines.OrderEvent;
import handoff.pipelines.Pipeline;
import org.HdrHistogram.Histogram;

/**
 * Runs on the aggregate thread after the aggregate stage (its fields belong to that thread; read them after the
 * pipeline was halted): completed events per producer, the latency from intended send time of completed events due
 * in the window, how many of the window's events completed by the deadline (goodput), and the window's p50 by
 * intended-time interval ({@link #INTERVALS} of them) for the steady-state verdict.
 */
final class Completions implements Pipeline.Tap {
    /** Set by {@link #window} before any producer starts; read on the aggregate thread after that (happens-before). */
    private long measureStart;
    private long measureEnd;
    final long[] perProducer;
    final Histogram latency = OpenLoopRun.newHistogram();
    private final Histogram warm = OpenLoopRun.newHistogram();
    long inWindow;
    /** Events due in the window completed by its end + {@link #DEADLINE_NS}. */
    long onTime;
    static final int INTERVALS = 20;
    /** Completion deadline after the window closes, as the latency suite's ({@code OpenLoopRecorder.DEADLINE_NS}). */
    static final long DEADLINE_NS = 100_000_000;
    final Histogram[] byInterval = new Histogram[INTERVALS];

    Completions(int producers) {
        this.perProducer = new long[producers];
    }

    /** The measurement window; call before the producers start. */
    void window(long start, long end) {
        measureStart = start;
        measureEnd = end;
        for (int i = 0; i < INTERVALS; i++) {
            byInterval[i] = OpenLoopRun.newHistogram();
        }
    }

    /** Latency of the window's events due from interval {@code from} on (after the aggregate thread is halted). */
    Histogram latencyFrom(int from) {
        Histogram h = OpenLoopRun.newHistogram();
        for (int i = Math.max(0, from); i < INTERVALS; i++) {
            h.add(byInterval[i]);
        }
        return h;
    }

    /** The window's per-interval p50s (after the aggregate thread is halted). */
    double[] p50s() {
        double[] out = new double[INTERVALS];
        for (int i = 0; i < INTERVALS; i++) {
            out[i] = byInterval[i].getValueAtPercentile(50);
        }
        return out;
    }

    @Override
    public void onAggregated(OrderEvent e) {
        long now = System.nanoTime();
        perProducer[e.producer]++;
        // warm-up events go through the same recording code into a histogram that is thrown away
        long value = Math.max(0, now - e.intendedNanos);
        (e.intendedNanos >= measureStart ? latency : warm).recordValue(value);
        if (e.intendedNanos >= measureStart && e.intendedNanos < measureEnd) {
            byInterval[(int) Math.min(INTERVALS - 1, (e.intendedNanos - measureStart) * INTERVALS / (measureEnd - measureStart))]
                    .recordValue(value);
            if (now <= measureEnd + DEADLINE_NS) {
                onTime++;
            }
        }
        if (now >= measureStart && now < measureEnd) {
            inWindow++;
        }
    }
}
