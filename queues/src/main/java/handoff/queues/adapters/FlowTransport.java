package handoff.queues.adapters;

import handoff.queues.AbstractTransport;
import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.Translator;
import handoff.queues.Wait;
import handoff.queues.disruptor.Sequence;

import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;

/**
 * {@code flow}: one {@link SubmissionPublisher} per hop, each delivering on its own single-thread
 * executor, so every stage still runs on exactly one thread. How waiting works is the publisher's own
 * business (submit blocks via ForkJoinPool.managedBlock when full), hence the single {@link Wait#NATIVE}.
 *
 * <p>{@code flow-post} ({@link #asPublished()}) is a control: Flow as the 2017 "Java 9 Flow API vs LMAX Disruptor"
 * post configured it, for the unicast comparison with that post's figures: the publisher's defaults as they resolve
 * on the post's 8-thread box (the common pool; {@link Flow#defaultBufferSize()} = 256 items, whatever capacity the
 * run asks for; where the common pool has parallelism 1, as on a 2-CPU box, the JDK's no-argument constructor would
 * start a thread per delivery task instead, which the post never ran) and a subscriber that requests one item at a
 * time ({@code request(1)} in {@code onSubscribe} and after every item). {@code flow} is the
 * tuned form: a dedicated single-thread executor, the run's capacity and one {@code request(Long.MAX_VALUE)}.
 */
public final class FlowTransport extends AbstractTransport {
    /** The id of {@link #asPublished()}. */
    public static final String POST_ID = "flow-post";

    private final boolean published;

    public FlowTransport() {
        this(false);
    }

    private FlowTransport(boolean published) {
        super(published ? POST_ID : "flow", published
                ? "java.util.concurrent.SubmissionPublisher with its defaults (common pool, 256-item buffer), request(1) per item"
                : "java.util.concurrent.SubmissionPublisher, one single-thread executor per stage", EnumSet.of(Wait.NATIVE));
        this.published = published;
    }

    /** The control {@code flow-post}: see the class comment. */
    public static FlowTransport asPublished() {
        return new FlowTransport(true);
    }

    @Override
    public boolean control() {
        return published;
    }

    /**
     * {@code flow-post} runs one hop only (the post's 1P→1C): its delivery tasks share the common pool, and with
     * chained hops a task blocked in the next hop's {@code submit} holds a pool thread the next hop's task needs; at
     * the common pool's parallelism of 1 (a 2-CPU box) that never ends. So no pipeline or fan-out suite uses it.
     */
    @Override
    public boolean pipelineCapable() {
        return !published;
    }

    @Override
    public String idlePolicy(Wait wait) {
        if (published) {
            return "SubmissionPublisher's defaults as the 2017 post ran them: delivery tasks on the common pool with a 256-item "
                    + "buffer and the subscriber asking for one item at a time; a producer facing a full buffer blocks in submit";
        }
        return "SubmissionPublisher's own: a consumer task per burst on the stage's executor (idle threads park in the "
                + "executor) and a producer facing a full buffer blocks in submit";
    }

    @Override
    public String discardOldestUnsupported() {
        return id() + ": SubmissionPublisher keeps each subscriber's buffer private; no call takes an item back";
    }

    @Override
    protected <E> Chain<E> build(ChainSpec<E> spec) {
        if (published && spec.handlers().size() > 1) {
            throw new IllegalArgumentException(POST_ID + " runs one hop only (its delivery tasks share the common pool), not "
                    + spec.handlers().size());
        }
        return new FlowChain<>(spec, published);
    }

    /** A publisher's buffer is a power of two: built and asked ({@code getMaxBufferCapacity}). */
    @Override
    public long heldPerHop(int requested) {
        SubmissionPublisher<Object> p = new SubmissionPublisher<>(Runnable::run, requested);
        try {
            return p.getMaxBufferCapacity();
        } finally {
            p.close();
        }
    }

    private static final class FlowChain<E> implements Chain<E> {
        private final ChainSpec<E> spec;
        private final ExecutorService[] executors;
        private final SubmissionPublisher<E>[] publishers;
        private final Sequence processed = new Sequence(0);
        private final boolean oneAtATime;

        @SuppressWarnings("unchecked")
        FlowChain(ChainSpec<E> spec, boolean published) {
            this.spec = spec;
            this.oneAtATime = published;
            List<Handler<E>> handlers = spec.handlers();
            int n = handlers.size();
            executors = new ExecutorService[published ? 0 : n];
            publishers = new SubmissionPublisher[n];
            for (int i = 0; i < n; i++) {
                if (published) {
                    // The defaults as the post's 8-thread box resolved them: the common pool and 256 items. (The JDK's
                    // no-argument constructor falls back to a new thread per delivery task where the common pool has
                    // parallelism 1, as on a 2-CPU box: a configuration the post never ran.)
                    publishers[i] = new SubmissionPublisher<>(ForkJoinPool.commonPool(), Flow.defaultBufferSize());
                } else {
                    String role = "stage-" + i;
                    executors[i] = Executors.newSingleThreadExecutor(r -> spec.threads().newThread(role, r));
                    publishers[i] = new SubmissionPublisher<>(executors[i], spec.hopCapacity());
                }
            }
        }

        @Override
        public void start() {
            for (int i = 0; i < publishers.length; i++) {
                publishers[i].subscribe(new Stage(i));
            }
        }

        @Override
        public void publish(Translator<E> translator, long a, long b) {
            E event = spec.factory().get();
            translator.translateTo(event, a, b);
            publishers[0].submit(event);
        }

        /** The publisher's own {@code offer(item, timeout, unit, onDrop)}, whose drop handler never retries. */
        @Override
        public boolean offer(Translator<E> translator, long a, long b, long timeoutNanos) {
            E event = spec.factory().get();
            translator.translateTo(event, a, b);
            int lag = timeoutNanos <= 0 ? publishers[0].offer(event, (subscriber, item) -> false)
                    : publishers[0].offer(event, timeoutNanos, TimeUnit.NANOSECONDS, (subscriber, item) -> false);
            return lag >= 0;
        }

        @Override
        public void send(E event) {
            publishers[0].submit(event);
        }

        @Override
        public long processed() {
            return processed.get();
        }

        @Override
        public void halt() throws InterruptedException {
            for (SubmissionPublisher<E> p : publishers) {
                p.close();
            }
            for (ExecutorService e : executors) {
                e.shutdownNow();
            }
            for (ExecutorService e : executors) {
                e.awaitTermination(10, TimeUnit.SECONDS);
            }
        }

        private final class Stage implements Flow.Subscriber<E> {
            private final int index;
            private final Handler<E> handler;
            private final SubmissionPublisher<E> next;
            private long done;
            private Flow.Subscription subscription;

            Stage(int index) {
                this.index = index;
                this.handler = spec.handlers().get(index);
                this.next = index + 1 < publishers.length ? publishers[index + 1] : null;
            }

            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                this.subscription = subscription;
                subscription.request(oneAtATime ? 1 : Long.MAX_VALUE);
            }

            @Override
            public void onNext(E item) {
                try {
                    handler.onEvent(item, true);
                } catch (Throwable t) {
                    spec.onError().accept(t);
                }
                if (next != null) {
                    next.submit(item);
                } else {
                    processed.set(++done);
                }
                if (oneAtATime) {
                    subscription.request(1);
                }
            }

            @Override
            public void onError(Throwable throwable) {
                spec.onError().accept(throwable);
            }

            @Override
            public void onComplete() {
                // close() after halt: nothing left to do
            }

            @Override
            public String toString() {
                return "flow stage " + index;
            }
        }
    }
}
