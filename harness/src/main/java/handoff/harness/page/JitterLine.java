package handoff.harness.page;

import handoff.harness.results.SpikesCsv;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@code jitter.csv} as the tail section reads it ({@link #LINES}, through {@link SpikesCsv#JITTER}): a
 * latency trial's labels and p99 beside its jitter thread's wake-ups, and its spikes. Labels stay as written.
 *
 * @param jitterPeriodUs the jitter thread's period as written ("" where the trial ran without it)
 */
public record JitterLine(String suite, String transport, String producers, String burst, String waitStrategy,
                         String producerModel, String messages, String work, String loadPct, String trialKey, double p99Ns,
                         String jitterPeriodUs, double jitterSamples, double jitterP50Ns, double jitterP99Ns,
                         double jitterMaxNs, double intervals, double spikes, double spikesExplained) {
    /** The reader of {@code jitter.csv}'s lines. */
    public static final Lines<JitterLine> LINES = Lines.of(MethodHandles.lookup(), SpikesCsv.JITTER, JitterLine.class,
            "suite", "transport", "producers", "burst", "wait=waitStrategy", "producer_model", "messages", "work",
            "load_pct", "trial_key", "p99_ns", "jitter_period_us", "jitter_samples", "jitter_p50_ns", "jitter_p99_ns",
            "jitter_max_ns", "intervals", "spikes", "spikes_explained");

    /** A row of {@code jitter.csv} as its line. */
    public static JitterLine of(TextLine row) {
        return LINES.of(row);
    }
}
