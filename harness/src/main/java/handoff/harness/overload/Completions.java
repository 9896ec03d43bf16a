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
    private final long measureStart;
    private final long measureEnd;
    final long[] perProducer;
    final Histogram latency = OpenLoopRun.newHistogram();
    private final Histogram warm = OpenLoopRun.newHistogram();
    long inWindow;

    Completions(int producers, long measureStart, long measureEnd) {
        this.perProducer = new long[producers];
        this.measureStart = measureStart;
        this.measureEnd = measureEnd;
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
