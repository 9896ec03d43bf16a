package handoff.harness.latency;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.lang.invoke.MethodHandles;

/**
 * A latency trial's configuration, as the plan writes it into the trial's spec and the trial JVM and the fold read it
 * back ({@link #CODEC}; its order is the configuration key's). A value the trial does not carry is null.
 *
 * @param rateBasis {@code sustainable} (a search), {@code own}, {@code common} or {@code fixed}
 * @param loadPct   the load as % of the basis rate, as text: empty for a search or a fixed rate
 * @param rate      the fixed rate {@code --rate} gave; null where none
 */
record LatencyConfig(String transport, Integer producers, String waitStrategy, Integer work, String rateBasis,
                     String loadPct, Double rate) {
    static final CellCodec<LatencyConfig> CODEC = CellCodec.of(MethodHandles.lookup(), LatencyConfig.class, "transport",
            "producers", "wait=waitStrategy", "work", "rate_basis", "load_pct", "rate");

    /** The configuration of a trial's spec or properties. */
    static LatencyConfig of(TrialProperties config) {
        return CODEC.read(config);
    }

    /** Whether the trial is a search for the sustainable rate rather than a latency trial. */
    boolean search() {
        return LatencySuite.SUSTAINABLE.equals(rateBasis);
    }

    /** {@link #loadPct} as a number; null where empty. */
    Integer load() {
        return loadPct == null || loadPct.isEmpty() ? null : Integer.valueOf(loadPct);
    }
}
