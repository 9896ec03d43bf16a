package handoff.queues.disruptor.jcstress;

import handoff.queues.disruptor.BusySpinWaitStrategy;
import handoff.queues.disruptor.RingBuffer;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * Two producers claim and publish at once: they must get different slots, and once both are done
 * each slot must hold its own producer's event and be published.
 * r1, r2: the sequences the producers got; r3 (arbiter): 1 if both slots are published with the
 * right owner.
 */
@JCStressTest
@Description("multi-producer claim: no two producers get the same slot")
@Outcome(id = {"0, 1, 1", "1, 0, 1"}, expect = Expect.ACCEPTABLE, desc = "distinct slots, both published")
@Outcome(expect = Expect.FORBIDDEN, desc = "same slot twice, a lost claim, or a slot not published")
@State
public class MultiProducerClaim {
    private final RingBuffer<Slot> ring = RingBuffer.createMultiProducer(Slot::new, 2, new BusySpinWaitStrategy());

    @Actor
    public void producer1(JJJ_Result r) {
        r.r1 = Slot.publish(ring, 1, 0);
    }

    @Actor
    public void producer2(JJJ_Result r) {
        r.r2 = Slot.publish(ring, 2, 0);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        boolean ok = ring.isAvailable(0) && ring.isAvailable(1) && ring.cursor() == 1
                && r.r1 != r.r2 && ring.get(r.r1).a == 1 && ring.get(r.r2).a == 2;
        r.r3 = ok ? 1 : 0;
    }
}
