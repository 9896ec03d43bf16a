package handoff.queues.disruptor;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one {@link EventHandler} over a ring on one thread: waits on its barrier, hands every available
 * event to the handler in one batch, then advances its own sequence once for the whole batch. That
 * sequence is what the next stage and the producers wait on. A consumer that finds only a few events waiting
 * behind a streaming producer slips back for a moment first ({@link Slip}), so that its batches are large.
 *
 * <p>Life cycle: {@link #run()} on a thread of your choosing; {@link #halt()} from any thread makes
 * {@code run} return after the batch in hand. A halted processor can be run again and resumes where it
 * stopped, once the thread that ran it has left {@code run}: until then (halt requested or not) another
 * {@code run} is refused with an {@link IllegalStateException}, so two threads never handle the same
 * events. A halt that arrives while nobody runs the processor is kept, and the next {@code run} honours it
 * by returning at once (leaving the processor runnable again).
 */
public final class BatchEventProcessor<E> implements Runnable {
    /** Nobody runs it, no halt pending. */
    private static final int IDLE = 0;
    /** Nobody runs it; halted before a run started: the next run returns at once. */
    private static final int HALTED = 1;
    /** A thread is inside {@link #run()}. */
    private static final int RUNNING = 2;
    /** A thread is inside {@link #run()} and has been asked to leave after its batch. */
    private static final int HALTING = 3;

    private final AtomicInteger state = new AtomicInteger(IDLE);
    private final Sequence sequence = new Sequence(Sequence.INITIAL);
    private final RingBuffer<E> ring;
    private final SequenceBarrier barrier;
    private final EventHandler<? super E> handler;
    private final Slip slip;
    /** Holds so far: written by the running thread only; read it after that thread has left {@link #run()}. */
    private long slips;
    private volatile ExceptionHandler<? super E> exceptionHandler = ReportingExceptionHandler.INSTANCE;

    public BatchEventProcessor(RingBuffer<E> ring, SequenceBarrier barrier, EventHandler<? super E> handler) {
        this(ring, barrier, handler, Slip.DEFAULT);
    }

    /** @param slip how this processor slips behind a streaming producer ({@link Slip#OFF}: never) */
    public BatchEventProcessor(RingBuffer<E> ring, SequenceBarrier barrier, EventHandler<? super E> handler, Slip slip) {
        this.slip = Objects.requireNonNull(slip, "slip");
        this.ring = Objects.requireNonNull(ring, "ring");
        this.barrier = Objects.requireNonNull(barrier, "barrier");
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    public Slip slip() {
        return slip;
    }

    /**
     * How many times this processor has held back ({@link Slip}); exact once the thread that ran it has left
     * {@link #run()} (a halt joined, for instance), a racy snapshot before.
     */
    public long slips() {
        return slips;
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
        // Only the running thread moves the state out of RUNNING/HALTING, so a halt never makes a
        // running processor look idle (which would let a second run() start beside it).
        while (true) {
            int s = state.get();
            if (s == HALTED || s == HALTING
                    || state.compareAndSet(s, s == IDLE ? HALTED : HALTING)) {
                break;
            }
        }
        // State first, alert second: run() clears the alert before it last checks the state, so it
        // either sees HALTING or is woken by this alert.
        barrier.alert();
    }

    /** Whether a thread is inside {@link #run()}, halt requested or not. */
    public boolean isRunning() {
        int s = state.get();
        return s == RUNNING || s == HALTING;
    }

    /**
     * Processes events until {@link #halt()}; returns at once if halted while nobody ran it.
     *
     * @throws IllegalStateException if another thread is inside {@code run()}, even one that has been
     *                               halted but has not finished its batch yet
     */
    @Override
    public void run() {
        while (!state.compareAndSet(IDLE, RUNNING)) {
            int s = state.get();
            if (s == RUNNING || s == HALTING) {
                throw new IllegalStateException("processor is already running on another thread"
                        + (s == HALTING ? " (halted, finishing its batch)" : ""));
            }
            if (s == HALTED && state.compareAndSet(HALTED, IDLE)) {
                return; // halted before it started: honour the halt and stay re-runnable
            }
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
                available = nextBatch(next);
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

    /**
     * The end of the next batch, from {@code next}: what is readable now if anything is, slipping first when only a
     * few events wait ({@link Slip}); otherwise what the barrier's wait returns.
     */
    private long nextBatch(long next) throws AlertException {
        long available = barrier.available(next);
        if (available < next) {
            return barrier.waitFor(next);
        }
        barrier.checkAlert(); // a producer that never lets the ring run dry must not keep a halted processor busy
        if (slip.tooFew(available - next + 1)) {
            slip.hold();
            slips++;
            available = barrier.available(next); // [next, available] stays readable: it can only grow
        }
        return available;
    }

    @Override
    public String toString() {
        return "BatchEventProcessor{handler=" + handler + ", sequence=" + sequence + '}';
    }
}
