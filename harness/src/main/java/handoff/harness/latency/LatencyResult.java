package handoff.harness.latency;

import handoff.harness.meters.PerUnitUsage;
import handoff.harness.results.CellCodec;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.lang.invoke.MethodHandles;

/**
 * What one latency trial JVM returns ({@link LatencySuite#run}) and the fold reads back ({@link LatencyTrial}), its
 * keys declared once ({@link #CODEC}): a search's results ({@link LatencyTrial.Search}) or a latency trial's window. A
 * trial that did not finish ok carries its status (and the rate it was offered) only.
 *
 * @param offeredEps the rate a latency trial was offered; null for a search and a trial that never got one
 * @param pacer      the pacer it used; null where it did not get that far
 * @param search     a search's results; null for a latency trial
 * @param window     what an ok latency trial measured; null otherwise
 */
record LatencyResult(Status status, Double offeredEps, String pacer, LatencyTrial.Search search, Window window) {
    static final CellCodec<LatencyResult> CODEC = CellCodec.of(MethodHandles.lookup(), LatencyResult.class, Status.KEY,
            "offered_eps", "pacer", LatencyTrial.Search.CODEC, Window.CODEC);

    /**
     * What an ok latency trial measured over its window.
     *
     * @param idleCpus         the idle pipeline's CPUs (NaN where not measured)
     * @param samples          events in the end-to-end histogram
     * @param usage            the resource meter's figures per event sent (warm-up included)
     * @param histogram        end-to-end latency
     * @param publishHistogram the publish call
     * @param hlog             the interval log's path in the run folder
     * @param hop0             the publish → parse hop, like {@code hop1} (parse → enrich) and {@code hop2}
     */
    record Window(double idleCpus, double achievedEps, Long samples, double peakBacklog, double backlogBound,
                  boolean saturated, double warmupMs, String steady, double backlogGrowthEps, PerUnitUsage usage,
                  Histogram histogram, Histogram publishHistogram, String hlog, Histogram hop0, Histogram hop1,
                  Histogram hop2) {
        static final CellCodec<Window> CODEC = CellCodec.of(MethodHandles.lookup(), Window.class, "idle_cpus",
                "achieved_eps", "samples", "peak_backlog", "backlog_bound", "saturated", "warmup_ms", "steady",
                "backlog_growth_eps", PerUnitUsage.PER_EVENT, "histogram", "publish_histogram", "hlog", "hop0", "hop1",
                "hop2");

        /** The hops in {@link LatencySuite#HOPS} order, each null where the trial carries none. */
        Histogram[] hops() {
            return new Histogram[] {hop0, hop1, hop2};
        }
    }

    /** A trial that ended with {@code status} before it measured, having been offered {@code offeredEps} (or null). */
    static LatencyResult ended(Status status, Double offeredEps) {
        return new LatencyResult(status, offeredEps, null, null, null);
    }
}
