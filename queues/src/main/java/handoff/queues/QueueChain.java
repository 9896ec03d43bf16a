package handoff.queues;

import handoff.queues.disruptor.Sequence;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;

/**
 * A chain built from one queue per hop: producers offer into queue 0; the thread of handler i polls
 * queue i, runs the handler and offers the same event into queue i+1. The queue's own offer/poll
 * provide the happens-before edge from one handler to the next, so the event itself needs no fences.
 * Events are allocated per message by {@link ChainSpec#factory()}, as a user of a queue would.
 */
final class QueueChain<E> implements Chain<E> {
    private final ChainSpec<E> spec;
    private final Queue<E>[] hops;
    private final Thread[] threads;
    private final boolean blocking;
    /** Written only by the last stage's thread (release), read by anyone (acquire). */
    private final Sequence processed = new Sequence(0);
    private volatile boolean running = true;

    @SuppressWarnings("unchecked")
    QueueChain(QueueTransport transport, ChainSpec<E> spec) {
        this.spec = spec;
        this.blocking = spec.waitStrategy() == Wait.BLOCK;
        List<Handler<E>> handlers = spec.handlers();
        this.hops = new Queue[handlers.size()];
        this.threads = new Thread[handlers.size()];
        for (int i = 0; i < hops.length; i++) {
            hops[i] = transport.newQueue(spec.capacity(), i == 0 ? spec.producers() : 1);
        }
        for (int i = 0; i < hops.length; i++) {
            final int stage = i;
            threads[i] = spec.threads().newThread("stage-" + i, () -> runStage(stage));
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
    public long processed() {
        return processed.get();
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

    private void runStage(int stage) {
        final Queue<E> in = hops[stage];
        final Queue<E> out = stage + 1 < hops.length ? hops[stage + 1] : null;
        final Handler<E> handler = spec.handlers().get(stage);
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
                    processed.set(++done);
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
