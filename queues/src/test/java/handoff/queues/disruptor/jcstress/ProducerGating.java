package handoff.queues.disruptor.jcstress;

import handoff.queues.disruptor.BusySpinWaitStrategy;
import handoff.queues.disruptor.RingBuffer;
import handoff.queues.disruptor.Sequence;
import handoff.queues.disruptor.SequenceBarrier;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * A one-slot ring, full: the consumer reads event 0 and then releases it. A producer trying to claim
 * the next lap may only succeed once the release is visible, and then its write must not reach the
 * consumer's read (gating: the consumer's release store / the producer's acquire load).
 * r1: 1 if the producer's tryNext succeeded; r2: the value the consumer read from slot 0.
 */
@JCStressTest
@Description("a producer never overwrites a slot the last stage has not released")
@Outcome(id = {"0, 1", "1, 1"}, expect = Expect.ACCEPTABLE, desc = "consumer read the original event")
@Outcome(expect = Expect.FORBIDDEN, desc = "the producer overwrote the slot before it was released")
@State
public class ProducerGating {
    private final RingBuffer<Slot> ring = RingBuffer.createSingleProducer(Slot::new, 1, new BusySpinWaitStrategy());
    private final Sequence consumer = new Sequence();
    private final SequenceBarrier barrier = ring.newBarrier();

    public ProducerGating() {
        ring.addGatingSequences(consumer);
        Slot.publish(ring, 1, 0);
    }

    @Actor
    public void producer(JJ_Result r) {
        if (ring.tryPublishEvent((slot, value, unused) -> slot.a = value, 2, 0)) {
            r.r1 = 1;
        }
    }

    @Actor
    public void consumer(JJ_Result r) {
        long available = barrier.available(0);
        r.r2 = available >= 0 ? ring.get(0).a : -1;
        consumer.set(0);
    }
}
