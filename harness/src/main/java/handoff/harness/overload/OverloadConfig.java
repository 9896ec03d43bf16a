package handoff.harness.overload;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.lang.invoke.MethodHandles;

/**
 * An overload trial's configuration, as the plan writes it into the trial's spec and the trial JVM and the fold read
 * it back ({@link #CODEC}; its order is the configuration key's). A value the trial does not carry is null.
 */
record OverloadConfig(String transport, Integer producers, String waitStrategy, Integer work) {
    static final CellCodec<OverloadConfig> CODEC = CellCodec.of(MethodHandles.lookup(), OverloadConfig.class,
            "transport", "producers", "wait=waitStrategy", "work");

    /** The configuration of a trial's spec or properties. */
    static OverloadConfig of(TrialProperties config) {
        return CODEC.read(config);
    }
}
