package handoff.pipelines;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Translator;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test-only: a real transport that misbehaves on chosen publishes, to show that verification catches it.
 * Publishes are numbered from 1 in call order (across producers).
 */
final class FaultyTransport implements Transport {
    enum Fault {
        /** The event never enters the chain. */
        DROP,
        /** The event enters the chain twice. */
        DUPLICATE,
        /** One digit of the quantity changes in flight: still a valid line, different content. */
        CORRUPT,
        /** The line stops being parseable: a stage throws. */
        GARBLE
    }

    private final Transport inner;
    private final Fault fault;
    private final long at;

    FaultyTransport(Transport inner, Fault fault, long at) {
        this.inner = inner;
        this.fault = fault;
        this.at = at;
    }

    @Override
    public String id() {
        return inner.id() + "-" + fault.name().toLowerCase() + "@" + at;
    }

    @Override
    public String description() {
        return inner.description() + " with a " + fault + " at publish " + at;
    }

    @Override
    public Set<Wait> waits() {
        return inner.waits();
    }

    @Override
    public <E> Chain<E> chain(ChainSpec<E> spec) {
        Chain<E> chain = inner.chain(spec);
        AtomicLong publishes = new AtomicLong();
        return new Chain<>() {
            @Override
            public void start() {
                chain.start();
            }

            @Override
            public void publish(Translator<E> translator, long a, long b) {
                if (publishes.incrementAndGet() != at) {
                    chain.publish(translator, a, b);
                    return;
                }
                switch (fault) {
                    case DROP -> { }
                    case DUPLICATE -> {
                        chain.publish(translator, a, b);
                        chain.publish(translator, a, b);
                    }
                    case CORRUPT -> chain.publish((e, x, y) -> {
                        translator.translateTo(e, x, y);
                        OrderEvent o = (OrderEvent) e;
                        int last = o.length - 1; // the quantity's last digit
                        o.payload[last] = (byte) (o.payload[last] == '9' ? '8' : o.payload[last] + 1);
                    }, a, b);
                    case GARBLE -> chain.publish((e, x, y) -> {
                        translator.translateTo(e, x, y);
                        ((OrderEvent) e).payload[0] = '?';
                    }, a, b);
                    default -> throw new AssertionError(fault);
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
