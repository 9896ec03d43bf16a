package handoff.queues;

import handoff.queues.disruptor.Sequence;

import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * A chain built from one queue per hop: producers offer into queue 0; each worker of stage i polls
 * queue i, runs its handler and offers the same event into queue i+1. The queue's own offer/poll
 * provide the happens-before edge from one handler to the next, so the event itself needs no fences.
 * Several workers of a stage share its queue (only transports whose queue is multi-consumer accept
 * that), so whichever worker polls an event handles it. Events are allocated per message by
 * {@link ChainSpec#factory()}, as a user of a queue would, in {@link #publish}; {@link #send} passes an event
 * the caller owns (a pre-allocated message) without allocating.
 *
 * <p>A worker takes one event per {@code poll}/{@code take} ({@link Consume#ONE}), or drains what its hop holds, up to
 * the hop's capacity, and handles the batch after the drain returned ({@link Consume#BATCH},
 * {@link QueueTransport#drain}). Each hop holds {@link ChainSpec#hopCapacity()}. Each worker counts its hand-offs in
 * its own {@link StageCounters} (events, non-empty and empty dequeues, failed offers into its outgoing hop); the
 * producers' failed offers into the first hop, which many threads make, go to one adder touched only after an offer
 * failed. With counting on, a {@link Wait#BLOCK} worker looks once ({@code poll}, {@code offer}) before it blocks
 * ({@code take}, {@code put}), so that it has an empty poll or a failed offer to count: one per time it went to sleep.
 */
final class QueueChain<E> implements Chain<E> {
    private static final boolean COUNT = StageCounters.ENABLED;
    private final ChainSpec<E> spec;
    private final QueueTransport transport;
    private final Queue<E>[] hops;
    /** One per worker, in thread order; each written only by its worker. */
    private final StageCounters[] counters;
    /** Failed offers of the producers into the first hop: only touched after an offer failed. */
    private final LongAdder producerFailedOffers = new LongAdder();
    private final Thread[] threads;
    private final boolean blocking;
    /** One per last-stage worker, each written only by its worker (release), read by anyone (acquire). */
    private final Sequence[] processed;
    private volatile boolean running = true;

    @SuppressWarnings("unchecked")
    QueueChain(QueueTransport transport, ChainSpec<E> spec) {
        this.spec = spec;
        this.transport = transport;
        this.blocking = spec.waitStrategy() == Wait.BLOCK;
        int stages = spec.stageCount();
        this.hops = new Queue[stages];
        for (int i = 0; i < stages; i++) {
            hops[i] = transport.newQueue(spec.hopCapacity(), i == 0 ? spec.producers() : spec.workers().get(i - 1));
        }
        this.processed = new Sequence[spec.workers().get(stages - 1)];
        for (int w = 0; w < processed.length; w++) {
            processed[w] = new Sequence(0);
        }
        this.threads = new Thread[spec.handlers().size()];
        this.counters = new StageCounters[threads.length];
        boolean batch = spec.consume() == Consume.BATCH;
        for (int i = 0; i < stages; i++) {
            for (int w = 0; w < spec.workers().get(i); w++) {
                int n = spec.firstWorker(i) + w;
                Queue<E> in = hops[i];
                Queue<E> out = i + 1 < stages ? hops[i + 1] : null;
                Sequence done = out == null ? processed[w] : null;
                StageCounters c = counters[n] = new StageCounters();
                Handler<E> h = spec.handlers().get(n);
                threads[n] = spec.threads().newThread("stage-" + n, batch ? () -> drainWorker(in, h, out, done, c)
                        : () -> runWorker(in, h, out, done, c));
            }
        }
    }

    @Override
    public void start() {
        for (Thread t : threads) {
            t.start();
        }
    }

    @Override
    public void publish(Translator<E> translator, long a, long b) {
        E event = spec.factory().get();
        translator.translateTo(event, a, b);
        send(hops[0], event, null);
    }

    @Override
    public void send(E event) {
        send(hops[0], event, null);
    }

    /**
     * {@link Queue#offer(Object)} once (timeout 0); with a timeout, a blocking queue's own timed
     * {@link BlockingQueue#offer(Object, long, TimeUnit)}, any other queue retried with the chain's back-off
     * until the deadline.
     */
    @Override
    public boolean offer(Translator<E> translator, long a, long b, long timeoutNanos) {
        E event = spec.factory().get();
        translator.translateTo(event, a, b);
        Queue<E> q = hops[0];
        if (q.offer(event)) {
            return true;
        }
        if (timeoutNanos <= 0) {
            return false;
        }
        if (q instanceof BlockingQueue<E> bq) {
            try {
                return bq.offer(event, timeoutNanos, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HaltedException();
            }
        }
        long deadline = System.nanoTime() + timeoutNanos;
        int idle = 0;
        while (!q.offer(event)) {
            if (!running) {
                throw new HaltedException();
            }
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            Idler.idle(spec.waitStrategy(), idle++);
        }
        return true;
    }

    /** The first hop's own poll: the same atomic claim a parse worker makes, so the event goes to one of them. */
    @Override
    public E discardOldest() {
        return hops[0].poll();
    }

    @Override
    public long processed() {
        long n = 0;
        for (Sequence s : processed) {
            n += s.get();
        }
        return n;
    }

    /**
     * Sums over the workers: every event a worker took was one successful offer into its hop, so offer attempts are
     * the events taken plus the failed offers (the producers' included).
     */
    @Override
    public HandoffCounts counts() {
        if (!COUNT) {
            return HandoffCounts.NONE;
        }
        long events = 0;
        long wakes = 0;
        long empty = 0;
        long failed = producerFailedOffers.sum();
        for (StageCounters c : counters) {
            events += c.events;
            wakes += c.wakes;
            empty += c.emptyPolls;
            failed += c.failedOffers;
        }
        return new HandoffCounts(events, wakes, empty, events + failed, failed);
    }

    @Override
    public void halt() throws InterruptedException {
        running = false;
        for (Thread t : threads) {
            t.interrupt(); // wakes take()/put() and parkNanos; harmless for spinners
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
    }

    /** One worker, {@link Consume#ONE}: take one event from {@code in}, handle, pass on to {@code out} or count. */
    private void runWorker(Queue<E> in, Handler<E> handler, Queue<E> out, Sequence counter, StageCounters c) {
        final Wait wait = spec.waitStrategy();
        long done = 0;
        int idle = 0;
        try {
            while (running) {
                E event;
                if (blocking) {
                    event = COUNT ? in.poll() : null;
                    if (event == null) {
                        if (COUNT) {
                            c.emptyPolls++;
                        }
                        event = ((BlockingQueue<E>) in).take();
                    }
                } else {
                    event = in.poll();
                    if (event == null) {
                        if (COUNT) {
                            c.emptyPolls++;
                        }
                        Idler.idle(wait, idle++);
                        continue;
                    }
                }
                idle = 0;
                if (COUNT) {
                    c.events++;
                    c.wakes++;
                }
                handle(handler, event, true);
                if (out != null) {
                    send(out, event, c);
                } else {
                    counter.set(++done);
                }
            }
        } catch (InterruptedException | HaltedException e) {
            // halt() while blocked in take()/put(): leave quietly
        }
    }

    /**
     * One worker, {@link Consume#BATCH}: drain what {@code in} holds ({@link QueueTransport#drain}), then handle and
     * pass on each event; the last stage counts the batch once. A blocking worker that drained nothing sleeps in
     * {@code take()} and handles what it woke with as a batch of one.
     */
    private void drainWorker(Queue<E> in, Handler<E> handler, Queue<E> out, Sequence counter, StageCounters c) {
        final Wait wait = spec.waitStrategy();
        final DrainBuffer<E> batch = new DrainBuffer<>(Math.max(1, spec.hopCapacity()));
        long done = 0;
        int idle = 0;
        try {
            while (running) {
                int n = transport.drain(in, batch);
                if (n == 0) {
                    if (COUNT) {
                        c.emptyPolls++;
                    }
                    if (!blocking) {
                        Idler.idle(wait, idle++);
                        continue;
                    }
                    batch.add(((BlockingQueue<E>) in).take());
                    n = 1;
                }
                idle = 0;
                if (COUNT) {
                    c.events += n;
                    c.wakes++;
                }
                for (int i = 0; i < n; i++) {
                    E event = batch.get(i);
                    handle(handler, event, i == n - 1);
                    if (out != null) {
                        send(out, event, c);
                    }
                }
                batch.clear();
                if (out == null) {
                    counter.set(done += n);
                }
            }
        } catch (InterruptedException | HaltedException e) {
            // halt() while blocked in take()/put(): leave quietly
        }
    }

    private void handle(Handler<E> handler, E event, boolean endOfBatch) {
        try {
            handler.onEvent(event, endOfBatch);
        } catch (Throwable t) {
            spec.onError().accept(t);
        }
    }

    /**
     * Offer with back-pressure: put() for {@link Wait#BLOCK}, else retry with the chain's back-off. A full hop is
     * counted in {@code c} (a worker's), or, for a producer ({@code c} null), in the shared adder.
     */
    private void send(Queue<E> q, E event, StageCounters c) {
        if (blocking) {
            if (COUNT) {
                if (q.offer(event)) {
                    return;
                }
                failedOffer(c);
            }
            try {
                ((BlockingQueue<E>) q).put(event);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HaltedException();
            }
            return;
        }
        int idle = 0;
        while (!q.offer(event)) {
            if (COUNT) {
                failedOffer(c);
            }
            if (!running) {
                throw new HaltedException();
            }
            Idler.idle(spec.waitStrategy(), idle++);
        }
    }

    private void failedOffer(StageCounters c) {
        if (c != null) {
            c.failedOffers++;
        } else {
            producerFailedOffers.increment();
        }
    }

    /** Thrown to a thread stuck offering into a full hop after {@link #halt()}. */
    static final class HaltedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        HaltedException() {
            super("chain halted", null, false, false);
        }
    }
}
