package handoff.harness.overload;

import handoff.harness.pipeline.OpenLoopRun;
import handoff.pipelines.OrderEvent;
import handoff.pipelines.Pipeline;
import org.HdrHistogram.Histogram;

/**
 * Runs on the aggregate thread after the aggregate stage (its fields belong to that thread; read them after the
 * pipeline was halted): completed events per producer, the latency from intended send time of completed events due
 * in the window, and how many events completed while the window was open (goodput).
 */
final class Completions implements Pipeline.Tap {
    /** Set by {@link #window} before any producer starts; read on the aggregate thread after that (happens-before). */
    private long measureStart;
    private long measureEnd;
    final long[] perProducer;
    final Histogram latency = OpenLoopRun.newHistogram();
    private final Histogram warm = OpenLoopRun.newHistogram();
    long inWindow;

    Completions(int producers) {
        this.perProducer = new long[producers];
    }

    /** The measurement window; call before the producers start. */
    void window(long start, long end) {
        measureStart = start;
        measureEnd = end;
    }

    @Override
    public void onAggregated(OrderEvent e) {
        long now = System.nanoTime();
        perProducer[e.producer]++;
        // warm-up events go through the same recording code into a histogram that is thrown away
        (e.intendedNanos >= measureStart ? latency : warm).recordValue(Math.max(0, now - e.intendedNanos));
        if (now >= measureStart && now < measureEnd) {
            inWindow++;
        }
    }
}
