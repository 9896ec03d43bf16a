package handoff.harness.pipeline;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * A ruler for the open-loop engine: a real transport whose first stage holds every event exactly {@code holdNs}
 * (from when it receives it: parks until 50 µs before, then spins) before doing its work and passing it on. Its
 * cost is known by construction: {@code holdNs} more per event than the same chain without the hold, and a
 * capacity of 1/{@code holdNs} events per second, above which its queues must fill. Test support only.
 */
final class HeldTransport implements Transport {
    private final Transport inner;
    private final long holdNs;

    HeldTransport(Transport inner, long holdNs) {
        this.inner = inner;
        this.holdNs = holdNs;
    }

    @Override
    public String id() {
        return inner.id() + "-held";
    }

    @Override
    public String description() {
        return inner.description() + " [first stage holds each event " + holdNs + " ns]";
    }

    @Override
    public Set<Wait> waits() {
        return inner.waits();
    }

    @Override
    public int maxProducers() {
        return inner.maxProducers();
    }

    @Override
    public boolean preallocated() {
        return inner.preallocated();
    }

    @Override
    public boolean bounded() {
        return inner.bounded();
    }

    @Override
    public <E> Chain<E> chain(ChainSpec<E> spec) {
        List<Handler<E>> handlers = new ArrayList<>(spec.handlers());
        Handler<E> first = handlers.get(0);
        handlers.set(0, (e, end) -> {
            long until = System.nanoTime() + holdNs;
            long now;
            while ((now = System.nanoTime()) < until - 50_000) {
                LockSupport.parkNanos(until - 50_000 - now);
            }
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            first.onEvent(e, end);
        });
        return inner.chain(spec.withHandlers(handlers));
    }
}
