package handoff.harness.versus;

import handoff.queues.Handler;
import handoff.queues.disruptor.BatchEventProcessor;
import handoff.queues.disruptor.ProducerType;
import handoff.queues.disruptor.RingBuffer;
import handoff.queues.disruptor.Sequence;
import handoff.queues.disruptor.Slip;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** {@link Topology} on the hand-rolled Disruptor ({@link handoff.queues.disruptor}). */
final class OursRig implements RingRig {
    private final RingBuffer<Event> ring;
    private final List<BatchEventProcessor<Event>> processors = new ArrayList<>();
    private final Sequence[] leaves;
    private final Thread[] threads;

    /** @param slip how every processor slips behind a streaming producer ({@link Slip#OFF}: {@code disruptor-noslip}) */
    OursRig(Topology topology, List<Handler<Event>> handlers, Policy policy, int capacity, Slip slip,
            Consumer<Throwable> onError) {
        ring = RingBuffer.create(topology.producers() > 1 ? ProducerType.MULTI : ProducerType.SINGLE, Event::new,
                capacity, policy.ours());
        List<Sequence> leafList = new ArrayList<>();
        for (int i = 0; i < topology.handlers(); i++) {
            int[] after = topology.after(i);
            Sequence[] upstream = new Sequence[after.length];
            for (int d = 0; d < after.length; d++) {
                upstream[d] = processors.get(after[d]).sequence();
            }
            Handler<Event> h = handlers.get(i);
            BatchEventProcessor<Event> p = new BatchEventProcessor<>(ring, ring.newBarrier(upstream),
                    (event, sequence, endOfBatch) -> h.onEvent(event, endOfBatch), slip);
            p.setExceptionHandler((failure, sequence, event) -> onError.accept(failure));
            processors.add(p);
            if (topology.leaf(i)) {
                leafList.add(p.sequence());
            }
        }
        leaves = leafList.toArray(Sequence[]::new);
        ring.addGatingSequences(leaves);
        threads = RingRig.start(processors);
    }

    @Override
    public void publish(long value) {
        long sequence = ring.next();
        try {
            ring.get(sequence).value = value;
        } finally {
            ring.publish(sequence);
        }
    }

    @Override
    public void publishBatch(long value, int n) {
        long hi = ring.next(n);
        long lo = hi - n + 1;
        try {
            for (long s = lo; s <= hi; s++) {
                ring.get(s).value = value;
            }
        } finally {
            ring.publish(lo, hi);
        }
    }

    @Override
    public long processed() {
        return Sequence.minimum(leaves, Long.MAX_VALUE) + 1;
    }

    @Override
    public void halt() throws InterruptedException {
        processors.forEach(BatchEventProcessor::halt);
        RingRig.join(threads);
    }
}
