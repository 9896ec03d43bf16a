package handoff.harness.trial;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.Transport;
import handoff.queues.Translator;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test-only fault injection ({@code --fault} / {@code -Dhandoff.fault}): wraps a real transport so that
 * the harness's own checks can be shown to catch each failure. {@code throw}: the first handler throws
 * on the {@value #NTH}th event; {@code lose}: the {@value #NTH}th publish is dropped; {@code duplicate}:
 * it is published twice.
 */
public final class FaultyTransport implements Transport {
    static final long NTH = 1_001; // with bursts of 100, not the reply-carrying last message

    private final Transport real;
    private final String fault;

    private FaultyTransport(Transport real, String fault) {
        this.real = real;
        this.fault = fault;
    }

    /** The system property that carries faults into trial JVMs and JMH forks. */
    public static final String PROPERTY = "handoff.fault";

    /** The transport itself unless a chain fault is asked for. */
    public static Transport wrap(Transport real, TrialContext ctx) {
        return wrap(real, ctx.faults());
    }

    /** For code running in a JMH fork, where the faults arrive as {@value #PROPERTY}. */
    public static Transport fromSystemProperty(Transport real) {
        return wrap(real, List.of(System.getProperty(PROPERTY, "").split(",")));
    }

    private static Transport wrap(Transport real, java.util.Collection<String> faults) {
        for (String f : List.of("throw", "lose", "duplicate")) {
            if (faults.contains(f)) {
                return new FaultyTransport(real, f);
            }
        }
        return real;
    }

    @Override
    public String id() {
        return real.id();
    }

    @Override
    public String description() {
        return real.description() + " [fault: " + fault + "]";
    }

    @Override
    public Set<Wait> waits() {
        return real.waits();
    }

    @Override
    public int maxProducers() {
        return real.maxProducers();
    }

    @Override
    public boolean preallocated() {
        return real.preallocated();
    }

    @Override
    public <E> Chain<E> chain(ChainSpec<E> spec) {
        List<Handler<E>> handlers = new ArrayList<>(spec.handlers());
        if (fault.equals("throw")) {
            Handler<E> first = handlers.get(0);
            long[] seen = new long[1];
            handlers.set(0, (e, end) -> {
                if (++seen[0] == NTH) {
                    throw new IllegalStateException("injected fault: stage threw");
                }
                first.onEvent(e, end);
            });
        }
        Chain<E> chain = real.chain(new ChainSpec<>(spec.capacity(), spec.producers(), spec.waitStrategy(),
                spec.factory(), handlers, spec.threads(), spec.onError()));
        AtomicLong published = new AtomicLong();
        return new Chain<>() {
            @Override
            public void start() {
                chain.start();
            }

            @Override
            public void publish(Translator<E> translator, long a, long b) {
                long n = published.incrementAndGet();
                if (n == NTH && fault.equals("lose")) {
                    return;
                }
                chain.publish(translator, a, b);
                if (n == NTH && fault.equals("duplicate")) {
                    chain.publish(translator, a, b);
                }
            }

            @Override
            public long processed() {
                return chain.processed();
            }

            @Override
            public void halt() throws InterruptedException {
                chain.halt();
            }
        };
    }
}
