package handoff.harness.overload;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.lang.invoke.MethodHandles;
import java.util.List;

/**
 * An overload trial's sizes as the plan writes them into the trial's sizing ({@link OverloadSuite}; the capacity is
 * the plan's own) and the trial JVM and the fold read them back ({@link #CODEC}).
 *
 * @param capacity  the transport's capacity; null where the trial does not say
 * @param loads     the offered loads, % of the rate basis, comma-separated
 * @param probeMs   the saturation probe's warm-up and window, ms; "" where the pipeline suite's rate is used
 * @param timeoutUs the timeout policy's timeout; null where the trial does not say
 */
record OverloadSizing(Integer capacity, String loads, String probeMs, Long timeoutUs) {
    static final CellCodec<OverloadSizing> CODEC = CellCodec.of(MethodHandles.lookup(), OverloadSizing.class,
            "capacity", "loads", "probe_ms", "timeout_us");

    /** The sizing of a trial's spec ({@code spec.sizing()}) or properties. */
    static OverloadSizing of(TrialProperties sizing) {
        return CODEC.read(sizing);
    }

    /** Each offered load, % of the rate basis, in order. */
    List<Integer> loadPcts() {
        return OverloadSuite.ints(loads);
    }

    /** The probe's warm-up and window, ms; empty where there is no probe. */
    List<Integer> probe() {
        return OverloadSuite.ints(probeMs);
    }
}
