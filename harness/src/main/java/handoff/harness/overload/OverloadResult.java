package handoff.harness.overload;

import handoff.harness.results.CellCodec;
import handoff.harness.trial.Status;

import java.lang.invoke.MethodHandles;

/**
 * What an overload trial JVM writes beside its runs ({@link PolicyResult}, one per policy and load) and the fold reads
 * back, its keys declared once ({@link #CODEC}).
 *
 * @param rateBasis     what its loads are % of ({@link RateBasis#id}); null where it found no rate
 * @param saturationEps that rate, events/s; null where it has none
 */
record OverloadResult(Status status, String rateBasis, Double saturationEps) {
    static final CellCodec<OverloadResult> CODEC = CellCodec.of(MethodHandles.lookup(), OverloadResult.class, Status.KEY,
            "rate_basis", "saturation_eps");
}
