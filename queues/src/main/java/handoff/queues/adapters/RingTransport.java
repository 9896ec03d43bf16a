package handoff.queues.adapters;

import handoff.queues.AbstractTransport;
import handoff.queues.ChainSpec;
import handoff.queues.Consume;
import handoff.queues.ProducerModel;
import handoff.queues.Wait;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the two Disruptor transports share, so they can only differ in the ring they build: the waits
 * they accept, pre-allocated slots, and the check of a spec before building. The topology both build
 * is the same: one ring of {@code spec.capacity()} slots filled by {@code spec.factory()}, a single-
 * or multi-producer sequencer by {@code spec.producerModel()}, and one batch processor per worker on a
 * thread {@code stage-n} from {@code spec.threads()}; every worker of stage i is gated on all of stage
 * i-1's, and the producers on all of the last stage's.
 *
 * <p>Several workers of a stage stripe the ring by sequence: each processor still walks every sequence
 * (so its own sequence, which the next stage and the producers wait on, says "done up to here") but
 * hands only its stripe to its handler. That keeps the ring's one-writer-per-slot-per-stage rule without
 * any coordination between the workers.
 */
abstract class RingTransport extends AbstractTransport {
    RingTransport(String id, String description) {
        this(id, description, EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK));
    }

    RingTransport(String id, String description, EnumSet<Wait> waits) {
        super(id, description, waits);
    }

    /** Single-producer sequencer (no CAS) when the spec asks for it (it may only with one publishing thread). */
    static boolean singleProducer(ChainSpec<?> spec) {
        return spec.producerModel() == ProducerModel.SINGLE;
    }

    /** Either claim with one producer; a CAS claim with more. */
    @Override
    public final List<ProducerModel> producerModels(int producers) {
        return producers == 1 ? List.of(ProducerModel.SINGLE, ProducerModel.MULTI) : List.of(ProducerModel.MULTI);
    }

    /** Thread role of consumer {@code n} (counting every stage's workers in order), as in every other transport. */
    static String role(int n) {
        return "stage-" + n;
    }

    /** Whether worker {@code worker} of a stage with {@code workers} of them handles the event at {@code sequence}. */
    static boolean inStripe(long sequence, int worker, int workers) {
        return workers == 1 || sequence % workers == worker;
    }

    /**
     * A published slot is already visible to the first stage's barrier, and the ring has no claim a reader and a
     * producer race for: taking a slot back (or overwriting it, as a forcePublish would) can hit a slot under a reader.
     */
    @Override
    public final String discardOldestUnsupported() {
        return id() + " is a ring: a published slot is visible to the first stage at once and cannot be claimed back"
                + " without racing its reader (overwriting it would change an event under a reader)";
    }

    /**
     * A batch event processor takes every published slot its barrier shows it, then handles them in a row: rings are
     * inherently {@link Consume#BATCH}, whatever a row asks.
     */
    @Override
    public final Set<Consume> consumeModes() {
        return EnumSet.of(Consume.BATCH);
    }

    @Override
    public final int maxWorkers() {
        return Integer.MAX_VALUE;
    }

    @Override
    public final boolean preallocated() {
        return true;
    }
}
