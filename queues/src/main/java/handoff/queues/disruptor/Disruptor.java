package handoff.queues.disruptor;

import handoff.queues.Idler;
import handoff.queues.ThreadSource;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Wiring for a ring and its processors, one thread each:
 *
 * <pre>{@code
 * Disruptor<Order> d = new Disruptor<>(Order::new, 1024, ProducerType.SINGLE, new YieldingWaitStrategy());
 * d.handleEventsWith(parse).then(enrich).then(aggregate);
 * RingBuffer<Order> ring = d.start(ThreadSource.DAEMON);
 * ring.publishEvent(translator, a, b);
 * ...
 * d.shutdown();   // everything published so far is handled, then the threads stop
 * }</pre>
 *
 * Only the stages nothing else comes after gate the producers: an earlier stage cannot be lapped
 * without the last one being lapped first. Wiring is single-threaded and must be finished before
 * {@link #start}.
 */
public final class Disruptor<E> {
    private final RingBuffer<E> ring;
    private final Slip slip;
    private final List<BatchEventProcessor<E>> processors = new ArrayList<>();
    private final List<Sequence> ends = new ArrayList<>();
    private ExceptionHandler<? super E> exceptionHandler = ReportingExceptionHandler.INSTANCE;
    private Thread[] threads;

    /**
     * @param bufferSize a power of two
     * @throws IllegalArgumentException if it is not
     */
    public Disruptor(Supplier<? extends E> factory, int bufferSize, ProducerType producerType,
                     WaitStrategy waitStrategy) {
        this(factory, bufferSize, producerType, waitStrategy, Slip.DEFAULT);
    }

    /**
     * @param slip how every processor of this Disruptor slips behind a streaming producer ({@link Slip#OFF}: never)
     * @throws IllegalArgumentException if {@code bufferSize} is not a power of two
     */
    public Disruptor(Supplier<? extends E> factory, int bufferSize, ProducerType producerType,
                     WaitStrategy waitStrategy, Slip slip) {
        this.slip = Objects.requireNonNull(slip, "slip");
        this.ring = RingBuffer.create(producerType, factory, bufferSize, waitStrategy);
    }

    /** The slip every processor of this Disruptor was built with. */
    public Slip slip() {
        return slip;
    }

    /** Holds of all its processors ({@link BatchEventProcessor#slips()}): exact once {@link #halt()} has returned. */
    public long slips() {
        return processors.stream().mapToLong(BatchEventProcessor::slips).sum();
    }

    /** A first stage: sees each event as soon as it is published. Handlers in one call run in parallel. */
    @SafeVarargs
    public final EventHandlerGroup<E> handleEventsWith(EventHandler<? super E>... handlers) {
        return createProcessors(new Sequence[0], handlers);
    }

    /** Used for every processor, those already added included; the default logs and continues. */
    public void setDefaultExceptionHandler(ExceptionHandler<? super E> handler) {
        checkNotStarted();
        this.exceptionHandler = Objects.requireNonNull(handler, "handler");
    }

    EventHandlerGroup<E> createProcessors(Sequence[] after, EventHandler<? super E>[] handlers) {
        checkNotStarted();
        if (handlers.length == 0) {
            throw new IllegalArgumentException("a stage needs at least one handler");
        }
        Sequence[] created = new Sequence[handlers.length];
        for (int i = 0; i < handlers.length; i++) {
            // One barrier per processor, so halting or restarting one never clears another's alert.
            BatchEventProcessor<E> p = new BatchEventProcessor<>(ring, ring.newBarrier(after), handlers[i], slip);
            processors.add(p);
            created[i] = p.sequence();
        }
        // Gate on the new stage before releasing the one it follows, so the producers are never ungated.
        ring.addGatingSequences(created);
        for (Sequence s : after) {
            ring.removeGatingSequence(s);
            ends.remove(s);
        }
        ends.addAll(List.of(created));
        return new EventHandlerGroup<>(this, created);
    }

    /**
     * Starts one thread per processor, named {@code stage-0}, {@code stage-1}, ... in the order the
     * handlers were added.
     *
     * @return the ring to publish to
     */
    public RingBuffer<E> start(ThreadSource threadSource) {
        checkNotStarted();
        if (processors.isEmpty()) {
            throw new IllegalStateException("no handlers: add them with handleEventsWith before start");
        }
        Thread[] created = new Thread[processors.size()];
        for (int i = 0; i < created.length; i++) {
            BatchEventProcessor<E> p = processors.get(i);
            p.setExceptionHandler(exceptionHandler);
            created[i] = threadSource.newThread("stage-" + i, p);
        }
        threads = created;
        for (Thread t : created) {
            t.start();
        }
        return ring;
    }

    public RingBuffer<E> ringBuffer() {
        return ring;
    }

    /** Whether some last-stage processor is behind the cursor (for several producers: the claims). */
    public boolean hasBacklog() {
        long cursor = ring.cursor();
        for (Sequence s : ends) {
            if (s.get() < cursor) {
                return true;
            }
        }
        return false;
    }

    /**
     * Waits until everything claimed so far has been handled by every stage, then {@link #halt()}s.
     * Call it once the producers have stopped; a claim that is never published makes it wait forever.
     */
    public void shutdown() throws InterruptedException {
        try {
            shutdown(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("an unbounded wait timed out", e);
        }
    }

    /**
     * {@link #shutdown()} that gives up after {@code timeout}, leaving the processors running.
     *
     * @throws TimeoutException if the backlog has not drained in time
     */
    public void shutdown(long timeout, TimeUnit unit) throws TimeoutException, InterruptedException {
        long start = System.nanoTime();
        long limit = unit.toNanos(timeout);
        int attempt = 0;
        while (hasBacklog()) {
            if (System.nanoTime() - start >= limit) {
                throw new TimeoutException("backlog not drained in " + timeout + " " + unit
                        + ": cursor " + ring.cursor() + ", last stages " + ends);
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            Idler.idle(Wait.PARK, attempt++);
        }
        halt();
    }

    /**
     * Stops every processor after the batch in hand and waits for its thread to end. Events published
     * but not yet handled stay in the ring. Idempotent.
     */
    public void halt() throws InterruptedException {
        for (BatchEventProcessor<E> p : processors) {
            p.halt();
        }
        if (threads != null) {
            for (Thread t : threads) {
                t.join();
            }
        }
    }

    private void checkNotStarted() {
        if (threads != null) {
            throw new IllegalStateException("already started: wire every stage before start()");
        }
    }
}
