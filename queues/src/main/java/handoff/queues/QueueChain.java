package handoff.queues;

import handoff.queues.disruptor.Sequence;

import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A chain built from one queue per hop: producers offer into queue 0; each worker of stage i polls
 * queue i, runs its handler and offers the same event into queue i+1. The queue's own offer/poll
 * provide the happens-before edge from one handler to the next, so the event itself needs no fences.
 * Several workers of a stage share its queue (only transports whose queue is multi-consumer accept
 * that), so whichever worker polls an event handles it. Events are allocated per message by
 * {@link ChainSpec#factory()}, as a user of a queue would, in {@link #publish}; {@link #send} passes an event
 * the caller owns (a pre-allocated message) without allocating.
 */
final class QueueChain<E> implements Chain<E> {
    private final ChainSpec<E> spec;
    private final Queue<E>[] hops;
    private final Thread[] threads;
    private final boolean blocking;
    /** One per last-stage worker, each written only by its worker (release), read by anyone (acquire). */
    private final Sequence[] processed;
    private volatile boolean running = true;

    @SuppressWarnings("unchecked")
    QueueChain(QueueTransport transport, ChainSpec<E> spec) {
        this.spec = spec;
        this.blocking = spec.waitStrategy() == Wait.BLOCK;
        int stages = spec.stageCount();
        this.hops = new Queue[stages];
        for (int i = 0; i < stages; i++) {
            hops[i] = transport.newQueue(spec.capacity(), i == 0 ? spec.producers() : spec.workers().get(i - 1));
        }
        this.processed = new Sequence[spec.workers().get(stages - 1)];
        for (int w = 0; w < processed.length; w++) {
            processed[w] = new Sequence(0);
        }
        this.threads = new Thread[spec.handlers().size()];
        for (int i = 0; i < stages; i++) {
            for (int w = 0; w < spec.workers().get(i); w++) {
                int n = spec.firstWorker(i) + w;
                Queue<E> in = hops[i];
                Queue<E> out = i + 1 < stages ? hops[i + 1] : null;
                Sequence done = out == null ? processed[w] : null;
                threads[n] = spec.threads().newThread("stage-" + n, () -> runWorker(in, spec.handlers().get(n), out, done));
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
        send(hops[0], event);
    }

    @Override
    public void send(E event) {
        send(hops[0], event);
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

    /** One worker: take from {@code in}, handle, pass on to {@code out} or, on the last stage, count. */
    private void runWorker(Queue<E> in, Handler<E> handler, Queue<E> out, Sequence counter) {
        final Wait wait = spec.waitStrategy();
        long done = 0;
        int idle = 0;
        try {
            while (running) {
                E event = blocking ? ((BlockingQueue<E>) in).take() : in.poll();
                if (event == null) {
                    Idler.idle(wait, idle++);
                    continue;
                }
                idle = 0;
                try {
                    handler.onEvent(event, true);
                } catch (Throwable t) {
                    spec.onError().accept(t);
                }
                if (out != null) {
                    send(out, event);
                } else {
                    counter.set(++done);
                }
            }
        } catch (InterruptedException | HaltedException e) {
            // halt() while blocked in take()/put(): leave quietly
        }
    }

    /** Offer with back-pressure: put() for {@link Wait#BLOCK}, else retry with the chain's back-off. */
    private void send(Queue<E> q, E event) {
        if (blocking) {
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
            if (!running) {
                throw new HaltedException();
            }
            Idler.idle(spec.waitStrategy(), idle++);
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
