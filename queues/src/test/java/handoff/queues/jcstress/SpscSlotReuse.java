package handoff.queues.jcstress;

import handoff.queues.SpscArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The baseline queue's reuse of a slot: the queue (capacity 2) starts full with 1, 2; the producer offers 3
 * while the consumer polls. The producer may take the freed slot only after the consumer has read 1 and
 * emptied the slot (release store of head / acquire load when the cached head says full), so 3 is never lost
 * under the consumer's null nor read in place of 1. r1: whether offer(3) succeeded; r2: what the consumer
 * polled; r3, r4: what is left, drained afterwards (0 for nothing).
 */
@JCStressTest
@Description("SpscArrayQueue full -> poll frees a slot -> offer reuses it: nothing lost or overwritten")
@Outcome(id = "1, 1, 2, 3", expect = Expect.ACCEPTABLE, desc = "the offer saw the freed slot")
@Outcome(id = "0, 1, 2, 0", expect = Expect.ACCEPTABLE, desc = "the offer still saw the queue full")
@Outcome(expect = Expect.FORBIDDEN, desc = "an element was lost, overwritten or read out of order")
@State
public class SpscSlotReuse {
    private final SpscArrayQueue<Integer> queue = new SpscArrayQueue<>(2);

    public SpscSlotReuse() {
        queue.offer(1);
        queue.offer(2);
    }

    @Actor
    public void producer(IIII_Result r) {
        r.r1 = queue.offer(3) ? 1 : 0;
    }

    @Actor
    public void consumer(IIII_Result r) {
        Integer v = queue.poll();
        r.r2 = v == null ? 0 : v;
    }

    @Arbiter
    public void drain(IIII_Result r) {
        Integer a = queue.poll();
        Integer b = queue.poll();
        r.r3 = a == null ? 0 : a;
        r.r4 = b == null ? 0 : b;
    }
}
