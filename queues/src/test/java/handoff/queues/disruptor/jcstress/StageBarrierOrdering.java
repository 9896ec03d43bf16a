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
 * Two stages over one published event, the second gated on the first: once the second stage's barrier
 * lets it at the event, the first stage's write to it must be visible (the first stage releases its
 * sequence after handling, as {@code BatchEventProcessor} does; the barrier acquires it).
 * r1: what stage 2's barrier reported; r2: the stage-1 field as stage 2 read it.
 */
@JCStressTest
@Description("barrier ordering between two stages: stage 2 never sees an event before stage 1 is done")
@Outcome(id = "-1, -1", expect = Expect.ACCEPTABLE, desc = "stage 1 not done yet: barrier holds")
@Outcome(id = "0, 42", expect = Expect.ACCEPTABLE, desc = "stage 1 done and its write visible")
@Outcome(expect = Expect.FORBIDDEN, desc = "stage 2 let in before stage 1 finished, or its write not visible")
@State
public class StageBarrierOrdering {
    private final RingBuffer<Slot> ring = RingBuffer.createSingleProducer(Slot::new, 4, new BusySpinWaitStrategy());
    private final Sequence stage1 = new Sequence();
    private final SequenceBarrier afterProducer = ring.newBarrier();
    private final SequenceBarrier afterStage1 = ring.newBarrier(stage1);

    public StageBarrierOrdering() {
        ring.addGatingSequences(stage1);
        Slot.publish(ring, 41, 0);
    }

    @Actor
    public void stage1() {
        long available = afterProducer.available(0);
        for (long s = 0; s <= available; s++) {
            Slot slot = ring.get(s);
            slot.stage1 = slot.a + 1;
        }
        stage1.set(available);
    }

    @Actor
    public void stage2(JJ_Result r) {
        long available = afterStage1.available(0);
        r.r1 = available;
        r.r2 = available >= 0 ? ring.get(0).stage1 : -1;
    }
}
