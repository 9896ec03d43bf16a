package handoff.queues.jcstress;

import handoff.queues.SpscArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The baseline queue's publication: an element the consumer polls carries every field the producer wrote
 * before offering it (release store of the slot / acquire load in poll). r1, r2: the polled element's
 * fields, or -1, -1 when poll found nothing yet.
 */
@JCStressTest
@Description("SpscArrayQueue offer -> poll: no stale or torn element")
@Outcome(id = "-1, -1", expect = Expect.ACCEPTABLE, desc = "not offered yet")
@Outcome(id = "42, 43", expect = Expect.ACCEPTABLE, desc = "offered and fully visible")
@Outcome(expect = Expect.FORBIDDEN, desc = "polled an element whose fields are stale or torn")
@State
public class SpscPublication {
    private final SpscArrayQueue<Pair> queue = new SpscArrayQueue<>(2);

    /** Plain fields: only the queue's ordering can make them visible. */
    static final class Pair {
        int a;
        int b;
    }

    @Actor
    public void producer() {
        Pair p = new Pair();
        p.a = 42;
        p.b = 43;
        queue.offer(p);
    }

    @Actor
    public void consumer(II_Result r) {
        Pair p = queue.poll();
        r.r1 = p == null ? -1 : p.a;
        r.r2 = p == null ? -1 : p.b;
    }
}
