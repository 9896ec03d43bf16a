package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Codec;
import handoff.queues.Handler;
import handoff.queues.Idler;
import handoff.queues.Translator;
import handoff.queues.Wait;
import handoff.queues.disruptor.Sequence;
import org.agrona.DirectBuffer;

/**
 * A one-hop chain over a transport that carries framed bytes (Agrona's ring buffers, Aeron IPC). A producer
 * fills its own reused event and encodes it into the transport's memory with the spec's {@link Codec}; one
 * consumer thread polls, decodes each message into its own reused event and runs the handler. Nothing is
 * allocated per message. Subclasses say only how a message goes in ({@link #tryOffer}) and how a batch comes
 * out ({@link #poll}), and what to close.
 */
abstract class FramedChain<E> implements Chain<E> {
    protected final Codec<E> codec;
    private final ChainSpec<E> spec;
    private final Handler<E> handler;
    /** Each producer thread's event to translate into: publish() allocates nothing after its first call. */
    private final ThreadLocal<E> scratch;
    /** The consumer's event, decoded into and handed to the handler. Consumer thread only. */
    private final E received;
    private final Sequence processed = new Sequence(0);
    private final Thread consumer;
    private volatile boolean running = true;
    private long done; // consumer thread only

    FramedChain(String id, ChainSpec<E> spec) {
        if (spec.codec() == null) {
            throw new IllegalArgumentException(id + " carries framed bytes: its chain needs a codec for the event");
        }
        if (spec.stageCount() != 1) {
            throw new IllegalArgumentException(id + " is one hop: it builds chains of one stage, not "
                    + spec.stageCount());
        }
        this.spec = spec;
        this.codec = spec.codec();
        this.handler = spec.handlers().get(0);
        this.scratch = ThreadLocal.withInitial(spec.factory());
        this.received = spec.factory().get();
        this.consumer = spec.threads().newThread("stage-0", this::consume);
    }

    /** Encodes {@code event} as one message; false when there is no room (or no reader) right now. */
    protected abstract boolean tryOffer(E event);

    /** Delivers what is waiting, at most a bounded batch, through {@link #deliver}; returns how many. */
    protected abstract int poll();

    /** Releases the transport's resources, after the consumer has stopped. */
    protected abstract void close();

    /** Called by {@link #poll} for each message: decode, handle, count. */
    protected final void deliver(DirectBuffer buffer, int offset) {
        codec.decode(buffer, offset, received);
        try {
            handler.onEvent(received, true);
        } catch (Throwable t) {
            spec.onError().accept(t);
        }
        done++;
    }

    @Override
    public void start() {
        consumer.start();
    }

    @Override
    public void publish(Translator<E> translator, long a, long b) {
        E event = scratch.get();
        translator.translateTo(event, a, b);
        send(event);
    }

    /** Copies the event in, backing off per the chain's wait while the transport is full. */
    @Override
    public void send(E event) {
        int idle = 0;
        while (!tryOffer(event)) {
            if (!running) {
                return; // halted: in-flight events are dropped, as in every chain
            }
            Idler.idle(spec.waitStrategy(), idle++);
        }
    }

    @Override
    public long processed() {
        return processed.get();
    }

    @Override
    public void halt() throws InterruptedException {
        running = false;
        consumer.interrupt(); // wakes parkNanos; harmless for spinners
        consumer.join(10_000);
        close();
    }

    private void consume() {
        Wait wait = spec.waitStrategy();
        int idle = 0;
        while (running) {
            if (poll() == 0) {
                Idler.idle(wait, idle++);
                continue;
            }
            idle = 0;
            processed.set(done); // release, once per batch: processed() may lag by a batch
        }
    }
}
