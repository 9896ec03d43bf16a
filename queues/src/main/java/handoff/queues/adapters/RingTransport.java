package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What the two Disruptor transports share, so they can only differ in the ring they build: the waits
 * they accept, pre-allocated slots, and the check of a spec before building. The topology both build
 * is the same: one ring of {@code spec.capacity()} slots filled by {@code spec.factory()}, a single-
 * or multi-producer sequencer by {@code spec.producers()}, and one batch processor per handler on a
 * thread {@code stage-i} from {@code spec.threads()}, stage i gated on stage i-1, the producers gated
 * on the last stage.
 */
abstract class RingTransport implements Transport {
    private static final Set<Wait> WAITS =
            Collections.unmodifiableSet(EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK));

    private final String id;
    private final String description;

    RingTransport(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** Builds the chain for a spec this transport has already accepted. */
    abstract <E> Chain<E> build(ChainSpec<E> spec);

    @Override
    public final <E> Chain<E> chain(ChainSpec<E> spec) {
        String why = unsupported(spec.waitStrategy(), spec.producers());
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        return build(spec);
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
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Set<Wait> waits() {
        return WAITS;
    }

    @Override
    public final boolean preallocated() {
        return true;
    }

    @Override
    public String toString() {
        return id;
    }
}
