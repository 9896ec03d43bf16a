package handoff.harness.report;

import handoff.harness.page.Lines;
import handoff.harness.page.TextLine;
import handoff.harness.results.Cells;
import handoff.harness.results.SpikesCsv;

import java.lang.invoke.MethodHandles;
import java.util.List;

/**
 * One line of {@code latency-over-time.csv} as the timeline figure reads it ({@link #LINES}, through
 * {@link SpikesCsv#TIMELINE}): one interval of a trial, its configuration, fork, end, p99 and max.
 *
 * @param maxNs the interval's max as written ("" for an interval with no sample)
 */
record TimelineLine(String suite, String transport, String producers, String burst, String waitStrategy,
                    String producerModel, String messages, String fork, double tEndS, double p99Ns, String maxNs) {
    /** The reader of {@code latency-over-time.csv}'s lines. */
    static final Lines<TimelineLine> LINES = Lines.of(MethodHandles.lookup(), SpikesCsv.TIMELINE, TimelineLine.class,
            "suite", "transport", "producers", "burst", "wait=waitStrategy", "producer_model", "messages", "fork",
            "t_end_s", "p99_ns", "max_ns");

    /** A row of {@code latency-over-time.csv} as its line. */
    static TimelineLine of(TextLine row) {
        return LINES.of(row);
    }

    /** {@link #maxNs} as a number; NaN where empty. */
    double max() {
        return Cells.parse(maxNs);
    }

    /** The RTT configuration the interval's trial ran, in {@link TimelineParts}' key order. */
    List<String> config() {
        return List.of(transport, producers, burst, waitStrategy, producerModel, messages);
    }
}
