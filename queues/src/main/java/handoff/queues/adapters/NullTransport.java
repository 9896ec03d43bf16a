package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.Transport;
import handoff.queues.Translator;
import handoff.queues.Wait;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code null}: no send path at all. The producer runs the handlers itself, on its own thread, at the call; there
 * is no consumer thread and no hand-off. An RTT row over it is the harness's own per-sample cost: two clock reads,
 * the handler, and the reply path's offer and poll of the per-producer SPSC response queue (on one thread, so
 * without the cache-line transfer a real reply pays; {@code baseline}, an SPSC queue both ways, bounds that).
 * One producer (the handler state is single-writer); an RTT row only; the wait strategy changes nothing.
 */
public final class NullTransport implements Transport {
    public static final String ID = "null";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "no send path: the producer runs the handler inline (RTT only: the reply path's and timing's own cost)";
    }

    @Override
    public Set<Wait> waits() {
        return EnumSet.allOf(Wait.class);
    }

    @Override
    public String idlePolicy(Wait wait) {
        return "none: no send path and no consumer (the wait changes nothing)";
    }

    @Override
    public int maxProducers() {
        return 1;
    }

    @Override
    public boolean pipelineCapable() {
        return false;
    }

    @Override
    public boolean bounded() {
        return false; // nothing is ever held, so nothing is ever refused
    }

    @Override
    public <E> Chain<E> chain(ChainSpec<E> spec) {
        if (spec.producers() > 1) {
            throw new IllegalArgumentException(ID + " runs the handlers on the producer's thread: one producer; asked for "
                    + spec.producers());
        }
        return new Inline<>(spec);
    }

    /** Runs every handler in order on the caller's thread; single caller. */
    private static final class Inline<E> implements Chain<E> {
        private final List<Handler<E>> handlers;
        private final java.util.function.Consumer<Throwable> onError;
        private final E scratch; // the one event publish() fills; safe with one producer and no thread hop
        private volatile long processed; // written by the one producer only (plain store then volatile publish)

        Inline(ChainSpec<E> spec) {
            this.handlers = spec.handlers();
            this.onError = spec.onError();
            this.scratch = spec.factory().get();
        }

        @Override
        public void start() {
        }

        @Override
        public void publish(Translator<E> translator, long a, long b) {
            translator.translateTo(scratch, a, b);
            send(scratch);
        }

        @Override
        public void send(E event) {
            for (int i = 0, n = handlers.size(); i < n; i++) {
                try {
                    handlers.get(i).onEvent(event, true);
                } catch (Throwable t) {
                    onError.accept(t);
                }
            }
            processed = processed + 1; // single writer: a volatile store (release) so processed() reads it from any thread
        }

        @Override
        public boolean offer(Translator<E> translator, long a, long b, long timeoutNanos) {
            publish(translator, a, b);
            return true;
        }

        @Override
        public long processed() {
            return processed; // volatile load (acquire)
        }

        @Override
        public void halt() {
        }
    }
}
