package handoff.harness.rtt;

import handoff.harness.meters.PerUnitUsage;
import handoff.harness.results.CellCodec;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.lang.invoke.MethodHandles;

/**
 * What one RTT trial JVM returns ({@link RttSuite#run}) and the fold reads back ({@link RttTrial}), its keys declared
 * once ({@link #CODEC}). A trial that did not finish ok carries its status only; the clock row its status, samples
 * and histogram.
 *
 * @param jvmSettings the published harness's settings the JVM ran with ("" for the study's own)
 * @param samples     bursts measured
 * @param usage       the resource meter's figures per message
 * @param histogram   the fork's round trips
 * @param hlog        the fork's interval log's path in the run folder
 */
record RttResult(Status status, String jvmSettings, Long samples, PerUnitUsage usage, Histogram histogram, String hlog) {
    static final CellCodec<RttResult> CODEC = CellCodec.of(MethodHandles.lookup(), RttResult.class, Status.KEY,
            "jvm_settings", "samples", PerUnitUsage.PER_OP, "histogram", "hlog");

    /** A trial that ended without a measurement. */
    static RttResult failed(Status status) {
        return new RttResult(status, null, null, null, null, null);
    }
}
