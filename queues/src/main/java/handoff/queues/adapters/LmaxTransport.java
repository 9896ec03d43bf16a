package handoff.queues.adapters;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.ExceptionHandler;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.util.Util;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import com.lmax.disruptor.dsl.ProducerType;
import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.HandoffCounts;
import handoff.queues.Handler;
import handoff.queues.IdlePolicy;
import handoff.queues.StageCounters;
import handoff.queues.TimedOffer;
import handoff.queues.Translator;
import handoff.queues.Wait;

import java.util.EnumSet;
import java.util.function.Consumer;

/**
 * {@code lmax}: LMAX Disruptor 4.x, wired with its core API (ring, barriers, batch processors) rather
 * than its DSL, so the threads come from the spec like every other transport's.
 */
public final class LmaxTransport extends RingTransport {
    /**
     * {@code lmax-ours}: LMAX's ring with our idle policy. Its like-for-like partner is {@code disruptor-noslip} (the
     * ring is then the only difference); against {@code disruptor} it differs by the ring and our temporal slip.
     */
    public static final String OURS_ID = "lmax-ours";
    private final boolean ourPolicy;

    public LmaxTransport() {
        super("lmax", "LMAX Disruptor 4.x: one ring, dependent batch processors");
        this.ourPolicy = false;
    }

    private LmaxTransport(boolean ourPolicy) {
        super(OURS_ID, "LMAX Disruptor 4.x with our idle policy (park: Idler back-off; block: condition, then park "
                + "back-off): the ring-only control for disruptor-noslip/park and /block (disruptor also differs by its slip)", EnumSet.of(Wait.PARK, Wait.BLOCK));
        this.ourPolicy = ourPolicy;
    }

    /** LMAX's ring and processors, waiting as ours do: a control, not in the default set. */
    public static LmaxTransport withOurPolicy() {
        return new LmaxTransport(true);
    }

    @Override
    public String idlePolicy(Wait wait) {
        return ourPolicy ? IdlePolicy.ours(wait, IdlePolicy.RING_BLOCK) : IdlePolicy.lmax(wait);
    }

    @Override
    public boolean control() {
        return ourPolicy;
    }

    @Override
    protected <E> Chain<E> build(ChainSpec<E> spec) {
        RingBuffer<E> ring = RingBuffer.create(singleProducer(spec) ? ProducerType.SINGLE : ProducerType.MULTI,
                spec.factory()::get, spec.capacity(),
                ourPolicy ? new OurIdleWaitStrategy(spec.waitStrategy()) : waitStrategy(spec.waitStrategy()));
        ExceptionHandler<E> onError = new ReportTo<>(spec.onError());
        BatchEventProcessorBuilder builder = new BatchEventProcessorBuilder();
        int count = spec.handlers().size();
        @SuppressWarnings("unchecked")
        BatchEventProcessor<E>[] processors = new BatchEventProcessor[count];
        Thread[] threads = new Thread[count];
        StageCounters[] counters = new StageCounters[count];
        com.lmax.disruptor.Sequence[] previous = new com.lmax.disruptor.Sequence[0];
        for (int i = 0; i < spec.stageCount(); i++) {
            int workers = spec.workers().get(i);
            com.lmax.disruptor.Sequence[] stage = new com.lmax.disruptor.Sequence[workers];
            for (int w = 0; w < workers; w++) {
                int n = spec.firstWorker(i) + w;
                Handler<E> handler = spec.handlers().get(n);
                int worker = w;
                // A barrier per processor, as the hand-rolled builder does, so halting one alerts only it.
                SequenceBarrier barrier = ring.newBarrier(previous);
                StageCounters c = counters[n] = new StageCounters();
                processors[n] = builder.build(ring, barrier, workers == 1
                        ? (event, sequence, endOfBatch) -> {
                            if (StageCounters.ENABLED) {
                                c.ringEvent(endOfBatch);
                            }
                            handler.onEvent(event, endOfBatch);
                        }
                        : (event, sequence, endOfBatch) -> {
                            if (StageCounters.ENABLED) {
                                c.ringEvent(endOfBatch);
                            }
                            if (inStripe(sequence, worker, workers)) {
                                handler.onEvent(event, endOfBatch);
                            }
                        });
                processors[n].setExceptionHandler(onError);
                threads[n] = spec.threads().newThread(role(n), processors[n]);
                stage[w] = processors[n].getSequence();
            }
            previous = stage;
        }
        ring.addGatingSequences(previous);
        return new LmaxChain<>(ring, processors, previous, threads, spec.waitStrategy(), counters);
    }

    /** The same mapping as {@link handoff.queues.disruptor.WaitStrategies}, onto LMAX's classes. */
    public static WaitStrategy waitStrategy(Wait wait) {
        return switch (wait) {
            case SPIN -> new BusySpinWaitStrategy();
            case YIELD -> new YieldingWaitStrategy();
            case PARK -> new SleepingWaitStrategy();
            case BLOCK -> new BlockingWaitStrategy();
            case NATIVE -> throw new IllegalArgumentException("lmax has no '" + wait.id() + "' wait");
        };
    }

    /** An exception handler that passes every handler failure to {@code onError} and lets the processor move on. */
    public static <E> ExceptionHandler<E> reportTo(Consumer<Throwable> onError) {
        return new ReportTo<>(onError);
    }

    /** Handler failures go to the spec's onError; returning lets the processor move on. */
    private record ReportTo<E>(Consumer<Throwable> onError) implements ExceptionHandler<E> {
        @Override
        public void handleEventException(Throwable failure, long sequence, E event) {
            onError.accept(failure);
        }

        @Override
        public void handleOnStartException(Throwable failure) {
            onError.accept(failure);
        }

        @Override
        public void handleOnShutdownException(Throwable failure) {
            onError.accept(failure);
        }
    }

    private static final class LmaxChain<E> implements Chain<E>, TimedOffer.Attempt<E> {
        private final RingBuffer<E> ring;
        private final BatchEventProcessor<E>[] processors;
        private final com.lmax.disruptor.Sequence[] last;
        private final Thread[] threads;
        private final Wait wait;
        private final StageCounters[] counters;

        LmaxChain(RingBuffer<E> ring, BatchEventProcessor<E>[] processors, com.lmax.disruptor.Sequence[] last,
                  Thread[] threads, Wait wait, StageCounters[] counters) {
            this.wait = wait;
            this.counters = counters;
            this.ring = ring;
            this.processors = processors;
            this.last = last;
            this.threads = threads;
        }

        @Override
        public void start() {
            for (Thread t : threads) {
                t.start();
            }
        }

        @Override
        public void publish(Translator<E> translator, long a, long b) {
            // By hand rather than publishEvent(EventTranslatorTwoArg, A, B): that would box a and b.
            long sequence = ring.next();
            try {
                translator.translateTo(ring.get(sequence), a, b);
            } finally {
                ring.publish(sequence);
            }
        }

        /** LMAX's {@code tryNext} (its non-blocking claim), retried with the chain's back-off up to the timeout. */
        @Override
        public boolean offer(Translator<E> translator, long a, long b, long timeoutNanos) {
            return TimedOffer.offer(this, translator, a, b, timeoutNanos, wait);
        }

        /** By hand rather than tryPublishEvent(EventTranslatorTwoArg, A, B), which would box a and b. */
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
            return Util.getMinimumSequence(last) + 1;
        }

        @Override
        public HandoffCounts counts() {
            return StageCounters.ringSums(counters);
        }

        @Override
        public void halt() throws InterruptedException {
            for (BatchEventProcessor<E> p : processors) {
                p.halt();
            }
            for (Thread t : threads) {
                t.join();
            }
        }
    }
}
