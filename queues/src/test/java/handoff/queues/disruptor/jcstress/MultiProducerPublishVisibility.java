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
import org.openjdk.jcstress.infra.results.JJJJ_Result;

/**
 * Multi producer: the cursor moves at claim time, so a consumer can see the cursor past a slot whose
 * producer is still writing it. The per-slot flag (release on publish, acquire in the barrier) must
 * keep the consumer off that slot until it is complete.
 * r1: cursor seen by the consumer first; r2: what the barrier reported next (it re-reads the cursor,
 * so the claim may have happened in between: r1 = -1 with r2 = 0 is fine); r3, r4: the slot's fields.
 */
@JCStressTest
@Description("multi-producer claim + publish -> consumer: no slot seen before it is published")
@Outcome(id = "-1, -1, -1, -1", expect = Expect.ACCEPTABLE, desc = "not claimed yet")
@Outcome(id = "0, -1, -1, -1", expect = Expect.ACCEPTABLE_INTERESTING, desc = "claimed, not yet published: barrier holds")
@Outcome(id = {"-1, 0, 42, 43", "0, 0, 42, 43"}, expect = Expect.ACCEPTABLE, desc = "published and fully visible")
@Outcome(expect = Expect.FORBIDDEN, desc = "slot read before it was published, or stale/torn")
@State
public class MultiProducerPublishVisibility {
    private final RingBuffer<Slot> ring = RingBuffer.createMultiProducer(Slot::new, 4, new BusySpinWaitStrategy());
    private final SequenceBarrier barrier = ring.newBarrier();

    @Actor
    public void producer() {
        Slot.publish(ring, 42, 43);
    }

    @Actor
    public void consumer(JJJJ_Result r) {
        r.r1 = barrier.cursor();
        long available = barrier.available(0);
        r.r2 = available;
        if (available >= 0) {
            Slot s = ring.get(0);
            r.r3 = s.a;
            r.r4 = s.b;
        } else {
            r.r3 = -1;
            r.r4 = -1;
        }
    }
}
