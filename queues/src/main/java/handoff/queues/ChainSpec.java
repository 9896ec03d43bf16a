package handoff.queues;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Everything a transport needs to build a {@link Chain}: stages in sequence, each run by one or more
 * worker threads, fed by {@code producers} threads.
 *
 * <p>{@code handlers} lists every worker's handler, stage by stage: with {@code workers = [2, 2, 1]}
 * handlers 0-1 are stage 0's workers, 2-3 stage 1's, 4 is stage 2. Each worker gets its own handler
 * instance, so a stateful handler keeps a single writer. An event is handled by exactly one worker of
 * each stage; which one is the transport's business (a shared queue: whoever polls it; a ring: a stripe
 * by sequence). Consumer thread {@code n} (counting all workers in this order) has the role
 * {@code stage-n}; with one worker per stage that is simply the stage's index.
 *
 * @param capacity  requested capacity of every hop; a power of two (validated here, so all transports agree)
 * @param producers number of threads that will call {@link Chain#publish}
 * @param waitStrategy what waiting threads do, producers included
 * @param factory   creates events: once per slot for rings, once per message for queues
 * @param handlers  every worker's handler, stage by stage; stage i+1 sees an event only after stage i
 *                  returned from it
 * @param workers   workers per stage, each >= 1, summing to {@code handlers.size()}
 * @param threads   where consumer threads come from
 * @param onError   told about a handler that threw; the event still moves on, so the chain never stalls
 * @param producerModel how a ring claims slots; {@link ProducerModel#defaultFor} when not stated, and
 *                  {@link ProducerModel#MULTI} whenever there is more than one producer. Only rings read it.
 * @param codec     how an event becomes bytes, for transports that carry framed messages; null for the
 *                  others (such a transport refuses a spec without one)
 * @param consume   how queue workers take events from their hop ({@link Consume}; null: {@link Consume#ONE}); rings
 *                  always take batches, Flow's subscriber one item per {@code onNext}
 * @param buffering what {@code capacity} bounds ({@link Buffering}; null: {@link Buffering#PER_HOP}), read by transports
 *                  with one buffer per hop ({@link #hopCapacity()})
 */
public record ChainSpec<E>(int capacity, int producers, Wait waitStrategy, Supplier<E> factory,
                           List<Handler<E>> handlers, List<Integer> workers, ThreadSource threads,
                           Consumer<Throwable> onError, ProducerModel producerModel, Codec<E> codec, Consume consume,
                           Buffering buffering) {
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
        workers = List.copyOf(workers);
        if (handlers.isEmpty()) {
            throw new IllegalArgumentException("a chain needs at least one handler");
        }
        int total = 0;
        for (int w : workers) {
            if (w < 1) {
                throw new IllegalArgumentException("workers " + workers + ": each stage needs at least one");
            }
            total += w;
        }
        if (total != handlers.size()) {
            throw new IllegalArgumentException("workers " + workers + " add up to " + total + ", but there are "
                    + handlers.size() + " handlers");
        }
        if (producerModel == null) {
            producerModel = ProducerModel.defaultFor(producers);
        }
        if (producerModel == ProducerModel.SINGLE && producers > 1) {
            throw new IllegalArgumentException("a single-producer chain cannot have " + producers + " producers");
        }
        if (consume == null) {
            consume = Consume.ONE;
        }
        if (buffering == null) {
            buffering = Buffering.PER_HOP;
        }
    }

    /** One worker takes one event per dequeue, every hop holds {@code capacity}. */
    public ChainSpec(int capacity, int producers, Wait waitStrategy, Supplier<E> factory, List<Handler<E>> handlers,
                     List<Integer> workers, ThreadSource threads, Consumer<Throwable> onError, ProducerModel producerModel,
                     Codec<E> codec) {
        this(capacity, producers, waitStrategy, factory, handlers, workers, threads, onError, producerModel, codec, null, null);
    }

    /** Stages with any number of workers, the ring's default producer model, no codec. */
    public ChainSpec(int capacity, int producers, Wait waitStrategy, Supplier<E> factory, List<Handler<E>> handlers,
                     List<Integer> workers, ThreadSource threads, Consumer<Throwable> onError) {
        this(capacity, producers, waitStrategy, factory, handlers, workers, threads, onError, null, null);
    }

    /** One worker per stage: {@code handlers} are the stages. */
    public ChainSpec(int capacity, int producers, Wait waitStrategy, Supplier<E> factory, List<Handler<E>> handlers,
                     ThreadSource threads, Consumer<Throwable> onError) {
        this(capacity, producers, waitStrategy, factory, handlers, Collections.nCopies(handlers.size(), 1), threads,
                onError);
    }

    public int stageCount() {
        return workers.size();
    }

    /** The handlers of stage {@code i}'s workers. */
    public List<Handler<E>> stage(int i) {
        int from = firstWorker(i);
        return handlers.subList(from, from + workers.get(i));
    }

    /** Index in {@link #handlers()} (and thread number) of stage {@code i}'s first worker. */
    public int firstWorker(int i) {
        int from = 0;
        for (int s = 0; s < i; s++) {
            from += workers.get(s);
        }
        return from;
    }

    /** The most workers any stage has; a transport that cannot share a hop between consumers needs 1. */
    public int maxWorkers() {
        int max = 0;
        for (int w : workers) {
            max = Math.max(max, w);
        }
        return max;
    }

    /** Events each hop of a chain with one buffer per stage is asked to hold ({@link Buffering#hopCapacity}). */
    public int hopCapacity() {
        return buffering.hopCapacity(capacity, stageCount());
    }

    /** The same chain with other handlers, one for one (e.g. wrapped). */
    public ChainSpec<E> withHandlers(List<Handler<E>> replaced) {
        return new ChainSpec<>(capacity, producers, waitStrategy, factory, replaced, workers, threads, onError,
                producerModel, codec, consume, buffering);
    }

    /** The same chain with rings built this way. */
    public ChainSpec<E> withProducerModel(ProducerModel model) {
        return new ChainSpec<>(capacity, producers, waitStrategy, factory, handlers, workers, threads, onError, model,
                codec, consume, buffering);
    }

    /** The same chain, able to run over transports that carry framed bytes. */
    public ChainSpec<E> withCodec(Codec<E> byteCodec) {
        return new ChainSpec<>(capacity, producers, waitStrategy, factory, handlers, workers, threads, onError,
                producerModel, byteCodec, consume, buffering);
    }

    /** The same chain, its queue workers taking events this way. */
    public ChainSpec<E> withConsume(Consume mode) {
        return new ChainSpec<>(capacity, producers, waitStrategy, factory, handlers, workers, threads, onError,
                producerModel, codec, mode, buffering);
    }

    /** The same chain, {@code capacity} bounding this. */
    public ChainSpec<E> withBuffering(Buffering mode) {
        return new ChainSpec<>(capacity, producers, waitStrategy, factory, handlers, workers, threads, onError,
                producerModel, codec, consume, mode);
    }
}
