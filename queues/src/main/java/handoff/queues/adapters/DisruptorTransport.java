package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.Translator;
import handoff.queues.disruptor.Disruptor;
import handoff.queues.disruptor.EventHandlerGroup;
import handoff.queues.disruptor.ProducerType;
import handoff.queues.disruptor.RingBuffer;
import handoff.queues.disruptor.Sequence;
import handoff.queues.disruptor.WaitStrategies;

import java.util.List;

/** {@code disruptor}: the hand-rolled Disruptor of {@link handoff.queues.disruptor}, wired by its builder. */
public final class DisruptorTransport extends RingTransport {
    public DisruptorTransport() {
        super("disruptor", "hand-rolled Disruptor (handoff.queues.disruptor): one ring, dependent batch processors");
    }

    @Override
    protected <E> Chain<E> build(ChainSpec<E> spec) {
        Disruptor<E> disruptor = new Disruptor<>(spec.factory(), spec.capacity(),
                singleProducer(spec) ? ProducerType.SINGLE : ProducerType.MULTI,
                WaitStrategies.of(spec.waitStrategy()));
        disruptor.setDefaultExceptionHandler((failure, sequence, event) -> spec.onError().accept(failure));
        List<Handler<E>> handlers = spec.handlers();
        EventHandlerGroup<E> stage = disruptor.handleEventsWith(adapt(handlers.get(0)));
        for (int i = 1; i < handlers.size(); i++) {
            stage = stage.then(adapt(handlers.get(i)));
        }
        // The builder names its threads stage-0, stage-1, ... in order: the same roles as role(i).
        return new DisruptorChain<>(disruptor, stage.sequences()[0], spec);
    }

    private static <E> handoff.queues.disruptor.EventHandler<E> adapt(Handler<E> handler) {
        return (event, sequence, endOfBatch) -> handler.onEvent(event, endOfBatch);
    }

    private static final class DisruptorChain<E> implements Chain<E> {
        private final Disruptor<E> disruptor;
        private final RingBuffer<E> ring;
        private final Sequence last;
        private final ChainSpec<E> spec;

        DisruptorChain(Disruptor<E> disruptor, Sequence last, ChainSpec<E> spec) {
            this.disruptor = disruptor;
            this.ring = disruptor.ringBuffer();
            this.last = last;
            this.spec = spec;
        }

        @Override
        public void start() {
            disruptor.start(spec.threads());
        }

        @Override
        public void publish(Translator<E> translator, long a, long b) {
            ring.publishEvent(translator, a, b);
        }

        @Override
        public long processed() {
            return last.get() + 1;
        }

        @Override
        public void halt() throws InterruptedException {
            disruptor.halt();
        }
    }
}
