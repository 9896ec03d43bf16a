package handoff.harness.rtt;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.lang.invoke.MethodHandles;

/**
 * An RTT trial's configuration, as the plan writes it into the trial's spec and the trial JVM and the fold read it
 * back ({@link #CODEC}; its order is the configuration key's). A value the trial does not carry is null.
 *
 * @param transport     the transport's id, or {@link RttSuite#CLOCK} for the clock row
 * @param producerModel {@code sp} or {@code mp} for a ring, else null
 * @param messages      {@code pooled} or {@code allocated}; null on the clock row
 */
record RttConfig(String transport, Integer producers, Integer burst, String waitStrategy, String producerModel,
                 String messages) {
    static final CellCodec<RttConfig> CODEC = CellCodec.of(MethodHandles.lookup(), RttConfig.class, "transport",
            "producers", "burst", "wait=waitStrategy", "producer_model", "messages");

    /** The configuration of a trial's spec or properties. */
    static RttConfig of(TrialProperties config) {
        return CODEC.read(config);
    }

    boolean clock() {
        return RttSuite.CLOCK.equals(transport);
    }
}
