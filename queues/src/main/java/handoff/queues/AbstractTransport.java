package handoff.queues;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What every transport family shares: its id, description and waits, and the check of a spec before
 * anything is built, so an unsupported wait or producer count fails the same way everywhere.
 */
public abstract class AbstractTransport implements Transport {
    /** real-logic/benchmarks' JVM settings for Agrona's buffers and Aeron ({@link #publishedHarnessFlags()}). */
    protected static final List<String> AGRONA_BENCHMARKS_FLAGS =
            List.of("-Dagrona.disable.bounds.checks=true", "-XX:+UseParallelGC");

    private final String id;
    private final String description;
    private final Set<Wait> waits;

    protected AbstractTransport(String id, String description, Set<Wait> waits) {
        this.id = id;
        this.description = description;
        this.waits = Collections.unmodifiableSet(EnumSet.copyOf(waits));
    }

    /** Builds the chain for a spec this transport has already accepted. */
    protected abstract <E> Chain<E> build(ChainSpec<E> spec);

    @Override
    public final <E> Chain<E> chain(ChainSpec<E> spec) {
        String why = unsupported(spec.waitStrategy(), spec.producers(), spec.maxWorkers());
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        return build(spec);
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Set<Wait> waits() {
        return waits;
    }

    @Override
    public String toString() {
        return id;
    }
}
