package handoff.harness.report;

import handoff.harness.page.Lines;
import handoff.harness.page.TextLine;
import handoff.harness.results.Cells;
import handoff.harness.results.SpikesCsv;

import java.lang.invoke.MethodHandles;
import java.util.List;

/**
 * One line of {@code spikes.csv} as the tail section and the timeline figure read it ({@link #LINES}, through
 * {@link SpikesCsv#SPIKES}): one spike's trial, interval, max and measured evidence. Cells are as written (the
 * appendix prints them so), but for the two maxima the report computes with.
 */
record SpikeLine(String suite, String transport, String producers, String burst, String waitStrategy,
                 String producerModel, String messages, String trialKey, String tStartS, String tEndS, double maxNs,
                 double trialP99Ns, String maxOverTrialP99, String gcPauses, String gcDetail, String gcPauseMaxMs,
                 String safepoints, String safepointDetail, String safepointMaxMs, String runDelayMs,
                 String runDelayRole, String involuntary, String migrations, String jitterStallMs, String cause) {
    /** The reader of {@code spikes.csv}'s lines. */
    static final Lines<SpikeLine> LINES = Lines.of(MethodHandles.lookup(), SpikesCsv.SPIKES, SpikeLine.class,
            "suite", "transport", "producers", "burst", "wait=waitStrategy", "producer_model", "messages", "trial_key",
            "t_start_s", "t_end_s", "max_ns", "trial_p99_ns", "max_over_trial_p99", "gc_pauses", "gc_detail",
            "gc_pause_max_ms", "safepoints", "safepoint_detail", "safepoint_max_ms", "run_delay_ms", "run_delay_role",
            "involuntary", "migrations", "jitter_stall_ms", "cause");

    /** The rows of {@code spikes.csv} as its lines. */
    static List<SpikeLine> of(List<TextLine> rows) {
        return LINES.of(rows);
    }

    /** {@link #maxOverTrialP99} as a number; NaN where empty. */
    double maxOverTrialP99Value() {
        return Cells.parse(maxOverTrialP99);
    }

    /** The RTT configuration the spike's trial ran, in {@link TimelineParts}' key order. */
    List<String> config() {
        return List.of(transport, producers, burst, waitStrategy, producerModel, messages);
    }
}
