package handoff.queues;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Everything a transport needs to build a {@link Chain}: N handlers in sequence, each on its own thread,
 * fed by {@code producers} threads.
 *
 * @param capacity  requested capacity of every hop; a power of two (validated here, so all transports agree)
 * @param producers number of threads that will call {@link Chain#publish}
 * @param waitStrategy what waiting threads do, producers included
 * @param factory   creates events: once per slot for rings, once per message for queues
 * @param handlers  the stages, in order; handler i+1 sees an event only after handler i returned
 * @param threads   where consumer threads come from
 * @param onError   told about a handler that threw; the event still moves on, so the chain never stalls
 */
public record ChainSpec<E>(int capacity, int producers, Wait waitStrategy, Supplier<E> factory,
                           List<Handler<E>> handlers, ThreadSource threads, Consumer<Throwable> onError) {
    public ChainSpec {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity " + capacity + " is not a power of two >= 2");
        }
        if (producers < 1) {
            throw new IllegalArgumentException("producers " + producers + " must be >= 1");
        }
        Objects.requireNonNull(waitStrategy, "waitStrategy");
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(threads, "threads");
        Objects.requireNonNull(onError, "onError");
        handlers = List.copyOf(handlers);
        if (handlers.isEmpty()) {
            throw new IllegalArgumentException("a chain needs at least one handler");
        }
    }

    public ChainSpec<E> withWaitStrategy(Wait w) {
        return new ChainSpec<>(capacity, producers, w, factory, handlers, threads, onError);
    }
}
