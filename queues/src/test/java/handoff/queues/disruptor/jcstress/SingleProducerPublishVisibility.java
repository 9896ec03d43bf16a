package handoff.queues.disruptor.jcstress;

import handoff.queues.disruptor.BusySpinWaitStrategy;
import handoff.queues.disruptor.RingBuffer;
import handoff.queues.disruptor.SequenceBarrier;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * Single producer: once the consumer's barrier says sequence 0 is readable, both fields the producer
 * wrote before publishing must be visible (release store of the cursor / acquire load in the barrier).
 * r1: what the barrier reported; r2, r3: the slot's fields as the consumer read them.
 */
@JCStressTest
@Description("single-producer publish -> consumer: no stale or torn event")
@Outcome(id = "-1, -1, -1", expect = Expect.ACCEPTABLE, desc = "not published yet")
@Outcome(id = "0, 42, 43", expect = Expect.ACCEPTABLE, desc = "published and fully visible")
@Outcome(expect = Expect.FORBIDDEN, desc = "published but the slot is stale or torn")
@State
public class SingleProducerPublishVisibility {
    private final RingBuffer<Slot> ring = RingBuffer.createSingleProducer(Slot::new, 4, new BusySpinWaitStrategy());
    private final SequenceBarrier barrier = ring.newBarrier();

    @Actor
    public void producer() {
        Slot.publish(ring, 42, 43);
    }

    @Actor
    public void consumer(JJJ_Result r) {
        long available = barrier.available(0);
        r.r1 = available;
        if (available >= 0) {
            Slot s = ring.get(0);
            r.r2 = s.a;
            r.r3 = s.b;
        } else {
            r.r2 = -1;
            r.r3 = -1;
        }
    }
}
