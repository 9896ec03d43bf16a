package handoff.queues.disruptor.jcstress;

import handoff.queues.disruptor.BusySpinWaitStrategy;
import handoff.queues.disruptor.InsufficientCapacityException;
import handoff.queues.disruptor.ProducerType;
import handoff.queues.disruptor.RingBuffer;
import handoff.queues.disruptor.Sequence;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * A consumer is added to a 2-slot ring while its producer claims (tryNext) and publishes up to 4 events
 * into it; nothing else gates the ring and nobody consumes. The added consumer is moved to the cursor
 * and starts after it, so no claim may reuse the slot of a sequence beyond the consumer's position:
 * {@code highest claim - 2 <= position}. This is where the producer's cached minimum, read before the
 * add, meets the position read by the add (store-then-load on both sides: x86's store buffer can
 * reorder it, which the single producer's fence and the multi producer's atomic claim forbid).
 * r1: 1 if no claim reused an unreleased slot; r2: the producer's highest claim.
 */
public class GatingAddedWhileProducing {
    private GatingAddedWhileProducing() {
    }

    abstract static class Base {
        final RingBuffer<Slot> ring;
        final Sequence added = new Sequence();

        Base(ProducerType type) {
            ring = RingBuffer.create(type, Slot::new, 2, new BusySpinWaitStrategy());
        }

        void produce(JJ_Result r) {
            long highest = -1;
            try {
                for (int i = 0; i < 4; i++) {
                    highest = ring.tryNext();
                    ring.get(highest).a = highest;
                    ring.publish(highest);
                }
            } catch (InsufficientCapacityException full) {
                // the added consumer holds the ring
            }
            r.r2 = highest;
        }

        void add() {
            ring.addGatingSequences(added);
        }

        void verdict(JJ_Result r) {
            r.r1 = r.r2 - ring.bufferSize() <= added.get() ? 1 : 0;
        }
    }

    @JCStressTest
    @Description("single producer: a consumer added while the producer runs is never lapped")
    @Outcome(id = {"1, 0", "1, 1", "1, 2", "1, 3"}, expect = Expect.ACCEPTABLE, desc = "no unreleased slot reused")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a claim reused the slot of a sequence the added consumer needs")
    @State
    public static class Single extends Base {
        public Single() {
            super(ProducerType.SINGLE);
        }

        @Actor
        public void producer(JJ_Result r) {
            produce(r);
        }

        @Actor
        public void adder() {
            add();
        }

        @Arbiter
        public void arbiter(JJ_Result r) {
            verdict(r);
        }
    }

    @JCStressTest
    @Description("multi producer: a consumer added while a producer runs is never lapped")
    @Outcome(id = {"1, 0", "1, 1", "1, 2", "1, 3"}, expect = Expect.ACCEPTABLE, desc = "no unreleased slot reused")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a claim reused the slot of a sequence the added consumer needs")
    @State
    public static class Multi extends Base {
        public Multi() {
            super(ProducerType.MULTI);
        }

        @Actor
        public void producer(JJ_Result r) {
            produce(r);
        }

        @Actor
        public void adder() {
            add();
        }

        @Arbiter
        public void arbiter(JJ_Result r) {
            verdict(r);
        }
    }
}
