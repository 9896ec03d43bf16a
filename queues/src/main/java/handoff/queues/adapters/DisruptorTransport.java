package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.HandoffCounts;
import handoff.queues.Handler;
import handoff.queues.StageCounters;
import handoff.queues.TimedOffer;
import handoff.queues.Translator;
import handoff.queues.disruptor.Disruptor;
import handoff.queues.disruptor.EventHandler;
import handoff.queues.disruptor.EventHandlerGroup;
import handoff.queues.disruptor.InsufficientCapacityException;
import handoff.queues.disruptor.ProducerType;
import handoff.queues.disruptor.RingBuffer;
import handoff.queues.disruptor.Sequence;
import handoff.queues.disruptor.Slip;
import handoff.queues.disruptor.WaitStrategies;

import java.util.List;

/**
 * {@code disruptor}: the hand-rolled Disruptor of {@link handoff.queues.disruptor}, wired by its builder, its
 * processors slipping behind a streaming producer ({@link Slip#DEFAULT}). {@code disruptor-noslip}
 * ({@link #slipOff()}): the same ring with slipping off ({@link Slip#OFF}), a control: beside {@code lmax-ours} it is
 * the pair in which the ring is the only difference, beside {@code disruptor} the slip's own effect.
 */
public final class DisruptorTransport extends RingTransport {
    /** The id of {@link #slipOff()}. */
    public static final String NO_SLIP_ID = "disruptor-noslip";
    private final Slip slip;

    public DisruptorTransport() {
        super("disruptor", "hand-rolled Disruptor (handoff.queues.disruptor): one ring, dependent batch processors; a "
                + "processor that finds fewer than " + Slip.MIN_BATCH + " events waiting holds back up to "
                + Slip.DEFAULT.nanos() + " ns first (temporal slipping)");
        this.slip = Slip.DEFAULT;
    }

    private DisruptorTransport(Slip slip) {
        super(NO_SLIP_ID, "hand-rolled Disruptor with temporal slipping off (slip 0 ns), whose consumer loop is then LMAX's; "
                + "a control, not in the default set");
        this.slip = slip;
    }

    /** Ours with slipping off: a control, not in the default set. */
    public static DisruptorTransport slipOff() {
        return new DisruptorTransport(Slip.OFF);
    }

    /** The slip every processor of this transport's chains is built with. */
    public Slip slip() {
        return slip;
    }

    @Override
    public boolean control() {
        return slip != Slip.DEFAULT;
    }

    @Override
    public String idlePolicy(handoff.queues.Wait wait) {
        return handoff.queues.IdlePolicy.ours(wait, handoff.queues.IdlePolicy.RING_BLOCK);
    }

    @Override
    protected <E> Chain<E> build(ChainSpec<E> spec) {
        Disruptor<E> disruptor = new Disruptor<>(spec.factory(), spec.capacity(),
                singleProducer(spec) ? ProducerType.SINGLE : ProducerType.MULTI,
                WaitStrategies.of(spec.waitStrategy()), slip);
        disruptor.setDefaultExceptionHandler((failure, sequence, event) -> spec.onError().accept(failure));
        StageCounters[] counters = new StageCounters[spec.handlers().size()];
        EventHandlerGroup<E> stage = disruptor.handleEventsWith(adapt(spec.stage(0), counters, 0));
        for (int i = 1; i < spec.stageCount(); i++) {
            stage = stage.then(adapt(spec.stage(i), counters, spec.firstWorker(i)));
        }
        // The builder names its threads stage-0, stage-1, ... in the order added: the same roles as role(n).
        return new DisruptorChain<>(disruptor, stage.sequences(), spec, counters);
    }

    /**
     * One stage's workers as processors' handlers, each handed its stripe of the ring, each counting the slots and
     * batches its processor walks in {@code counters[first + w]}.
     */
    @SuppressWarnings("unchecked")
    private static <E> EventHandler<E>[] adapt(List<Handler<E>> workers, StageCounters[] counters, int first) {
        EventHandler<E>[] out = new EventHandler[workers.size()];
        for (int w = 0; w < out.length; w++) {
            Handler<E> handler = workers.get(w);
            int worker = w;
            int n = out.length;
            StageCounters c = counters[first + w] = new StageCounters();
            out[w] = n == 1 ? (event, sequence, endOfBatch) -> {
                if (StageCounters.ENABLED) {
                    c.ringEvent(endOfBatch);
                }
                handler.onEvent(event, endOfBatch);
            } : (event, sequence, endOfBatch) -> {
                if (StageCounters.ENABLED) {
                    c.ringEvent(endOfBatch);
                }
                if (inStripe(sequence, worker, n)) {
                    handler.onEvent(event, endOfBatch);
                }
            };
        }
        return out;
    }

    /** What a chain of this transport slipped: for tests, read after {@link Chain#halt()}. */
    interface Slipped {
        /** Holds of every processor ({@link Disruptor#slips()}). */
        long slips();

        Slip slip();
    }

    private static final class DisruptorChain<E> implements Chain<E>, TimedOffer.Attempt<E>, Slipped {
        private final Disruptor<E> disruptor;
        private final RingBuffer<E> ring;
        private final Sequence[] last;
        private final ChainSpec<E> spec;
        private final StageCounters[] counters;

        DisruptorChain(Disruptor<E> disruptor, Sequence[] last, ChainSpec<E> spec, StageCounters[] counters) {
            this.counters = counters;
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

        /** {@code tryNext} (the sequencer's non-blocking claim), retried with the chain's back-off up to the timeout. */
        @Override
        public boolean offer(Translator<E> translator, long a, long b, long timeoutNanos) {
            return TimedOffer.offer(this, translator, a, b, timeoutNanos, spec.waitStrategy());
        }

        @Override
        public boolean tryPublish(Translator<E> translator, long a, long b) {
            long sequence;
            try {
                sequence = ring.tryNext();
            } catch (InsufficientCapacityException full) {
                return false;
            }
            try {
                translator.translateTo(ring.get(sequence), a, b);
            } finally {
                ring.publish(sequence);
            }
            return true;
        }

        @Override
        public long processed() {
            return Sequence.minimum(last, Long.MAX_VALUE) + 1;
        }

        @Override
        public HandoffCounts counts() {
            return StageCounters.ringSums(counters);
        }

        @Override
        public void halt() throws InterruptedException {
            disruptor.halt();
        }

        @Override
        public long slips() {
            return disruptor.slips();
        }

        @Override
        public Slip slip() {
            return disruptor.slip();
        }
    }
}
