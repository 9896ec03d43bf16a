package handoff.queues.adapters;

import handoff.queues.AbstractTransport;
import handoff.queues.ChainSpec;
import handoff.queues.Wait;

import java.util.EnumSet;

/**
 * What the two Disruptor transports share, so they can only differ in the ring they build: the waits
 * they accept, pre-allocated slots, and the check of a spec before building. The topology both build
 * is the same: one ring of {@code spec.capacity()} slots filled by {@code spec.factory()}, a single-
 * or multi-producer sequencer by {@code spec.producers()}, and one batch processor per handler on a
 * thread {@code stage-i} from {@code spec.threads()}, stage i gated on stage i-1, the producers gated
 * on the last stage.
 */
abstract class RingTransport extends AbstractTransport {
    RingTransport(String id, String description) {
        super(id, description, EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK));
    }

    /** Single-producer sequencer (no CAS) exactly when the spec promises one publishing thread. */
    static boolean singleProducer(ChainSpec<?> spec) {
        return spec.producers() == 1;
    }

    /** Thread role of handler {@code i}, as in every other transport. */
    static String role(int stage) {
        return "stage-" + stage;
    }

    @Override
    public final boolean preallocated() {
        return true;
    }
}
