package handoff.harness.trial;

import handoff.queues.FaultyTransport.Fault;
import handoff.queues.Transport;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Test-only fault injection into trials ({@code --fault} / {@code -Dhandoff.fault}): {@code throw} makes
 * the first stage throw on its {@value #NTH}th event, {@code lose} drops the {@value #NTH}th publish,
 * {@code duplicate} publishes it twice. The harness's own checks must turn each into a failed trial.
 */
public final class FaultInjection {
    /** The system property that carries faults into trial JVMs and JMH forks. */
    public static final String PROPERTY = "handoff.fault";
    static final long NTH = 1_001; // with bursts of 100, not the reply-carrying last message
    private static final Map<String, Fault> FAULTS = Map.of("throw", Fault.THROW, "lose", Fault.DROP, "duplicate", Fault.DUPLICATE);

    private FaultInjection() {
    }

    /** The transport itself unless a chain fault is asked for. */
    public static Transport wrap(Transport real, TrialContext ctx) {
        return wrap(real, ctx.faults());
    }

    /**
     * How many messages a trial must send before it may stop, so that an injected chain fault fires even on
     * a box so slow that the measurement window ends first; 0 when no chain fault is asked for.
     */
    public static long messagesToReach(TrialContext ctx) {
        return chainFault(ctx.faults()) == null ? 0 : NTH;
    }

    /** For code running in a JMH fork, where the faults arrive as {@value #PROPERTY}. */
    public static Transport fromSystemProperty(Transport real) {
        return wrap(real, List.of(System.getProperty(PROPERTY, "").split(",")));
    }

    private static Transport wrap(Transport real, Collection<String> faults) {
        Fault fault = chainFault(faults);
        return fault == null ? real : handoff.queues.FaultyTransport.of(real, fault, NTH);
    }

    /** The first fault asked for that the transport itself must commit, or null (e.g. only die or hang). */
    private static Fault chainFault(Collection<String> faults) {
        for (String f : faults) {
            Fault fault = FAULTS.get(f.trim());
            if (fault != null) {
                return fault;
            }
        }
        return null;
    }
}
