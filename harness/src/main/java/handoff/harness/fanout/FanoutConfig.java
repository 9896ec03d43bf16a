package handoff.harness.fanout;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.lang.invoke.MethodHandles;

/**
 * A fan-out trial's configuration, as the plan writes it into the trial's spec and the trial JVM and the fold read it
 * back ({@link #CODEC}; its order is the configuration key's).
 *
 * @param producers the broker's producer threads; null where the trial does not say
 */
record FanoutConfig(String transport, String waitStrategy, Integer producers) {
    static final CellCodec<FanoutConfig> CODEC = CellCodec.of(MethodHandles.lookup(), FanoutConfig.class, "transport",
            "wait=waitStrategy", "producers");

    /** The configuration of a trial's spec or properties. */
    static FanoutConfig of(TrialProperties config) {
        return CODEC.read(config);
    }
}
