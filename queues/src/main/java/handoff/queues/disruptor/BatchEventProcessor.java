package handoff.queues.disruptor;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one {@link EventHandler} over a ring on one thread: waits on its barrier, hands every available
 * event to the handler in one batch, then advances its own sequence once for the whole batch. That
 * sequence is what the next stage and the producers wait on.
 *
 * <p>Life cycle: {@link #run()} on a thread of your choosing; {@link #halt()} from any thread makes
 * {@code run} return after the batch in hand. A halted processor can be run again and resumes where it
 * stopped.
 */
public final class BatchEventProcessor<E> implements Runnable {
    private static final int IDLE = 0;
    private static final int HALTED = 1;
    private static final int RUNNING = 2;

    private final AtomicInteger state = new AtomicInteger(IDLE);
    private final Sequence sequence = new Sequence(Sequence.INITIAL);
    private final RingBuffer<E> ring;
    private final SequenceBarrier barrier;
    private final EventHandler<? super E> handler;
    private volatile ExceptionHandler<? super E> exceptionHandler = ReportingExceptionHandler.INSTANCE;

    public BatchEventProcessor(RingBuffer<E> ring, SequenceBarrier barrier, EventHandler<? super E> handler) {
        this.ring = Objects.requireNonNull(ring, "ring");
        this.barrier = Objects.requireNonNull(barrier, "barrier");
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    /** The last sequence this processor has finished with: gate producers or later stages on it. */
    public Sequence sequence() {
        return sequence;
    }

    public void setExceptionHandler(ExceptionHandler<? super E> exceptionHandler) {
        this.exceptionHandler = Objects.requireNonNull(exceptionHandler, "exceptionHandler");
    }

    /** Asks {@link #run()} to return; it does so after the current batch. Safe from any thread. */
    public void halt() {
        // State first, alert second: run() clears the alert before it last checks the state, so it
        // either sees HALTED or is woken by this alert.
        state.set(HALTED);
        barrier.alert();
    }

    public boolean isRunning() {
        return state.get() == RUNNING;
    }

    /**
     * Processes events until {@link #halt()}.
     *
     * @throws IllegalStateException if this processor is already running on another thread
     */
    @Override
    public void run() {
        if (!state.compareAndSet(IDLE, RUNNING)) {
            if (state.get() == RUNNING) {
                throw new IllegalStateException("processor is already running");
            }
            state.set(IDLE); // halted before it started: honour the halt and stay re-runnable
            return;
        }
        barrier.clearAlert();
        try {
            if (state.get() == RUNNING) {
                processEvents();
            }
        } finally {
            state.set(IDLE);
        }
    }

    private void processEvents() {
        long next = sequence.getPlain() + 1;
        while (true) {
            long available;
            try {
                available = barrier.waitFor(next);
            } catch (AlertException alert) {
                if (state.get() != RUNNING) {
                    return;
                }
                continue;
            }
            for (; next <= available; next++) {
                E event = ring.get(next);
                try {
                    handler.onEvent(event, next, next == available);
                } catch (Throwable failure) {
                    exceptionHandler.handleEventException(failure, next, event);
                }
            }
            // Once per batch, release: every read and write the handler made to these events
            // happens-before a later stage (or a producer about to reuse the slots) that acquires it.
            sequence.set(available);
        }
    }

    @Override
    public String toString() {
        return "BatchEventProcessor{handler=" + handler + ", sequence=" + sequence + '}';
    }
}
