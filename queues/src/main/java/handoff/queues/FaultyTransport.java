package handoff.queues;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Test support: a real transport that misbehaves once, at the {@code at}-th publish (counted from 1 across
 * producers) or event, so that every check built on top of the transports (count, checksum, exactly one
 * reply, handler errors) can be shown to catch it. Never registered; the harness applies it only when a
 * fault is injected on purpose.
 */
public final class FaultyTransport extends ForwardingTransport {
    public enum Fault {
        /** The event never enters the chain. */
        DROP,
        /** The event enters the chain twice. */
        DUPLICATE,
        /** The first handler throws instead of handling the event. */
        THROW,
        /** The event is changed after the producer filled it (see {@link #mutating}). */
        MUTATE
    }

    private final Fault fault;
    private final long at;
    private final Consumer<Object> mutation;

    private FaultyTransport(Transport inner, Fault fault, long at, Consumer<Object> mutation) {
        super(inner);
        if (at < 1) {
            throw new IllegalArgumentException("fault position " + at + " must be >= 1");
        }
        this.fault = fault;
        this.at = at;
        this.mutation = mutation;
    }

    public static FaultyTransport of(Transport inner, Fault fault, long at) {
        if (fault == Fault.MUTATE) {
            throw new IllegalArgumentException("use mutating() to say how the event changes");
        }
        return new FaultyTransport(inner, fault, at, e -> { });
    }

    /** Changes the {@code at}-th event in flight, after the producer's translator filled it. */
    public static FaultyTransport mutating(Transport inner, long at, Consumer<Object> mutation) {
        return new FaultyTransport(inner, Fault.MUTATE, at, mutation);
    }


    @Override
    public String description() {
        return inner.description() + " [fault: " + fault.name().toLowerCase(java.util.Locale.ROOT) + " at " + at + "]";
    }












    @Override
    public <E> Chain<E> chain(ChainSpec<E> spec) {
        List<Handler<E>> handlers = new ArrayList<>(spec.handlers());
        if (fault == Fault.THROW) {
            Handler<E> first = handlers.get(0);
            long[] seen = new long[1]; // first stage's thread only
            handlers.set(0, (e, end) -> {
                if (++seen[0] == at) {
                    throw new IllegalStateException("injected fault: stage threw on event " + at);
                }
                first.onEvent(e, end);
            });
        }
        Chain<E> chain = inner.chain(spec.withHandlers(handlers));
        AtomicLong publishes = new AtomicLong();
        return new Chain<>() {
            @Override
            public void start() {
                chain.start();
            }

            @Override
            public void publish(Translator<E> translator, long a, long b) {
                if (publishes.incrementAndGet() != at) {
                    chain.publish(translator, a, b);
                    return;
                }
                switch (fault) {
                    case DROP -> { }
                    case DUPLICATE -> {
                        chain.publish(translator, a, b);
                        chain.publish(translator, a, b);
                    }
                    case MUTATE -> chain.publish((e, x, y) -> {
                        translator.translateTo(e, x, y);
                        mutation.accept(e);
                    }, a, b);
                    default -> chain.publish(translator, a, b);
                }
            }

            @Override
            public void send(E event) {
                if (publishes.incrementAndGet() != at) {
                    chain.send(event);
                    return;
                }
                switch (fault) {
                    case DROP -> { }
                    case DUPLICATE -> {
                        chain.send(event);
                        chain.send(event);
                    }
                    case MUTATE -> {
                        mutation.accept(event);
                        chain.send(event);
                    }
                    default -> chain.send(event);
                }
            }

            /** The {@code at}-th publish or offer misbehaves as in {@link #publish}; an offer that found the hop full still counts. */
            @Override
            public boolean offer(Translator<E> translator, long a, long b, long timeoutNanos) {
                if (publishes.incrementAndGet() != at) {
                    return chain.offer(translator, a, b, timeoutNanos);
                }
                switch (fault) {
                    case DROP -> {
                        return true;
                    }
                    case DUPLICATE -> {
                        return chain.offer(translator, a, b, timeoutNanos) && chain.offer(translator, a, b, timeoutNanos);
                    }
                    case MUTATE -> {
                        return chain.offer((e, x, y) -> {
                            translator.translateTo(e, x, y);
                            mutation.accept(e);
                        }, a, b, timeoutNanos);
                    }
                    default -> {
                        return chain.offer(translator, a, b, timeoutNanos);
                    }
                }
            }

            @Override
            public E discardOldest() {
                return chain.discardOldest();
            }

            @Override
            public long processed() {
                return chain.processed();
            }

            @Override
            public HandoffCounts counts() {
                return chain.counts();
            }

            @Override
            public void halt() throws InterruptedException {
                chain.halt();
            }
        };
    }
}
