package handoff.harness.echo;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.lang.invoke.MethodHandles;

/**
 * An echo trial's configuration, as the plan writes it into the trial's spec and the trial JVM and the fold read it
 * back ({@link #CODEC}; its order is the configuration key's).
 *
 * @param transport    the server's transport, or {@code inline} / {@code blocking}
 * @param waitStrategy its wait; {@code n/a} for {@code inline}
 */
record EchoConfig(String transport, String waitStrategy) {
    static final CellCodec<EchoConfig> CODEC = CellCodec.of(MethodHandles.lookup(), EchoConfig.class, "transport",
            "wait=waitStrategy");

    /** The configuration of a trial's spec or properties. */
    static EchoConfig of(TrialProperties config) {
        return CODEC.read(config);
    }
}
