package handoff.harness.echo;

import handoff.harness.results.CellCodec;
import handoff.harness.results.TrialProperties;

import java.lang.invoke.MethodHandles;
import java.util.List;

/**
 * An echo trial's fork and parts as the plan writes them into the trial's sizing ({@link EchoSuite}) and the trial JVM
 * and the fold read them back ({@link #CODEC}).
 *
 * @param fork    the fork, 0 where the trial does not say
 * @param clients the closed-loop parts' client counts, comma-separated; "" or null for none
 * @param loads   the open-loop parts' loads, % of the best closed-loop throughput, likewise
 */
record EchoSizing(int fork, String clients, String loads) {
    static final CellCodec<EchoSizing> CODEC = CellCodec.of(MethodHandles.lookup(), EchoSizing.class, "fork", "clients",
            "loads");

    /** The sizing of a trial's spec ({@code spec.sizing()}) or properties. */
    static EchoSizing of(TrialProperties sizing) {
        return CODEC.read(sizing);
    }

    /** Each closed-loop part's client count, in order. */
    List<Integer> clientCounts() {
        return EchoSuite.ints(clients == null ? "" : clients);
    }

    /** Each open-loop part's load, in order. */
    List<Integer> loadPcts() {
        return EchoSuite.ints(loads == null ? "" : loads);
    }
}
