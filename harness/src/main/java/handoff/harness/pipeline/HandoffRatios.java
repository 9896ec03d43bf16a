package handoff.harness.pipeline;

import handoff.harness.results.CellCodec;

import java.lang.invoke.MethodHandles;

/**
 * A pipeline trial's hand-off ratios ({@link CountsResult}), as its JVM writes them beside the JMH result and the fold
 * reads them back ({@link #CODEC}); NaN where a count was unknown.
 *
 * @param meanBatch      events a stage took per take
 * @param emptyPollPct   % of polls that found nothing
 * @param failedOfferPct % of offers refused by a full hop
 */
record HandoffRatios(double meanBatch, double emptyPollPct, double failedOfferPct) {
    static final CellCodec<HandoffRatios> CODEC = CellCodec.of(MethodHandles.lookup(), HandoffRatios.class,
            "mean_batch", "empty_poll_pct", "failed_offer_pct");

    /** None counted. */
    static final HandoffRatios UNKNOWN = new HandoffRatios(Double.NaN, Double.NaN, Double.NaN);
}
