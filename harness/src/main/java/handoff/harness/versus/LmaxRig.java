package handoff.harness.versus;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.ExceptionHandler;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.dsl.ProducerType;
import com.lmax.disruptor.util.Util;
import handoff.queues.Handler;
import handoff.queues.adapters.LmaxTransport;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** {@link Topology} on LMAX Disruptor 4.x, wired exactly as {@link OursRig} wires ours. */
final class LmaxRig implements RingRig {
    private final RingBuffer<Event> ring;
    private final List<BatchEventProcessor<Event>> processors = new ArrayList<>();
    private final Sequence[] leaves;
    private final Thread[] threads;

    LmaxRig(Topology topology, List<Handler<Event>> handlers, Policy policy, int capacity, Consumer<Throwable> onError) {
        ring = RingBuffer.create(topology.producers() > 1 ? ProducerType.MULTI : ProducerType.SINGLE, Event::new,
                capacity, policy.lmax());
        BatchEventProcessorBuilder builder = new BatchEventProcessorBuilder();
        ExceptionHandler<Event> report = LmaxTransport.reportTo(onError);
        List<Sequence> leafList = new ArrayList<>();
        for (int i = 0; i < topology.handlers(); i++) {
            int[] after = topology.after(i);
            Sequence[] upstream = new Sequence[after.length];
            for (int d = 0; d < after.length; d++) {
                upstream[d] = processors.get(after[d]).getSequence();
            }
            Handler<Event> h = handlers.get(i);
            BatchEventProcessor<Event> p = builder.build(ring, ring.newBarrier(upstream),
                    (event, sequence, endOfBatch) -> h.onEvent(event, endOfBatch));
            p.setExceptionHandler(report);
            processors.add(p);
            if (topology.leaf(i)) {
                leafList.add(p.getSequence());
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
        return Util.getMinimumSequence(leaves) + 1;
    }

    @Override
    public void halt() throws InterruptedException {
        processors.forEach(BatchEventProcessor::halt);
        RingRig.join(threads);
    }
}
