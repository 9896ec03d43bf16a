package handoff.harness.fanout;

import handoff.harness.meters.PerUnitUsage;
import handoff.harness.results.CellCodec;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.lang.invoke.MethodHandles;

/**
 * One part ({@link ScenarioVariant}) of a fan-out trial as the trial JVM writes it under the prefix
 * {@code <part.key()>.} ({@link FanoutRun}) and the fold reads it back ({@link PartResult#read}), its keys declared once
 * ({@link #CODEC}). A part that was not run carries its status only; one that failed in its open-loop run also its
 * saturation.
 *
 * @param saturation its measured runs; null where it did not finish them
 * @param openLoop   the broker's open-loop run; null for every other part and where it did not finish
 */
record FanoutPart(Status status, Saturation saturation, OpenLoop openLoop) {
    static final CellCodec<FanoutPart> CODEC = CellCodec.of(MethodHandles.lookup(), FanoutPart.class, Status.KEY,
            Saturation.CODEC, OpenLoop.CODEC);

    /**
     * The part's measured runs.
     *
     * @param throughputOps the median run's rate, ops/s
     * @param runRates      each run's rate in order (the warm-up check's series)
     * @param ops           operations over the measured runs
     * @param usage         the resource meter's figures per operation, over the measured runs
     */
    record Saturation(double throughputOps, double[] runRates, long ops, PerUnitUsage usage) {
        static final CellCodec<Saturation> CODEC = CellCodec.of(MethodHandles.lookup(), Saturation.class,
                "throughput_ops", "run_rates", "ops", PerUnitUsage.PER_OP);
    }

    /**
     * The broker's open-loop run at {@code load_pct} of its saturation.
     *
     * @param offeredOps its offer, ops/s
     * @param histogram  its dispatch latency
     */
    record OpenLoop(double offeredOps, long samples, double p50Ns, double p99Ns, double maxNs, Histogram histogram) {
        static final CellCodec<OpenLoop> CODEC = CellCodec.of(MethodHandles.lookup(), OpenLoop.class, "offered_ops",
                "samples", "p50_ns", "p99_ns", "max_ns", "histogram");
    }
}
