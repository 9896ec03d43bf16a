package handoff.queues;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A real transport with something added (a fault, a delay): every fact about it is the inner transport's, and a
 * subclass overrides only what it changes, above all {@link #chain}, which it builds around the inner one's.
 */
public abstract class ForwardingTransport implements Transport {
    protected final Transport inner;

    protected ForwardingTransport(Transport inner) {
        this.inner = Objects.requireNonNull(inner, "inner");
    }

    @Override
    public String id() {
        return inner.id();
    }

    @Override
    public String description() {
        return inner.description();
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
    public int maxWorkers() {
        return inner.maxWorkers();
    }

    @Override
    public boolean preallocated() {
        return inner.preallocated();
    }

    @Override
    public boolean pipelineCapable() {
        return inner.pipelineCapable();
    }

    @Override
    public List<ProducerModel> producerModels(int producers) {
        return inner.producerModels(producers);
    }

    @Override
    public boolean bounded() {
        return inner.bounded();
    }

    @Override
    public String discardOldestUnsupported() {
        return inner.discardOldestUnsupported();
    }

    @Override
    public Set<Consume> consumeModes() {
        return inner.consumeModes();
    }

    @Override
    public long heldPerHop(int requested) {
        return inner.heldPerHop(requested);
    }
}
