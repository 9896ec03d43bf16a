package handoff.harness.testing;

import handoff.queues.Chain;
import handoff.queues.ForwardingTransport;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.Transport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Test support: a real transport whose first stage runs {@code delay} before handling each event, so a
 * measurement of it has a known extra cost. One class for the RTT tests' delays and the open-loop engine's
 * calibration ruler; everything else is the real transport's.
 */
public final class SlowFirstStage extends ForwardingTransport {
    private final String idSuffix;
    private final String what;
    private final Runnable delay;

    /**
     * @param idSuffix appended to the real transport's id ("" keeps it)
     * @param what     what the delay does, for the description
     */
    public SlowFirstStage(Transport inner, String idSuffix, String what, Runnable delay) {
        super(inner);
        this.idSuffix = idSuffix;
        this.what = what;
        this.delay = delay;
    }

    /** Busy-spins {@code ns} before each event. */
    public static Runnable spin(long ns) {
        return () -> {
            long until = System.nanoTime() + ns;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        };
    }

    /** Sleeps {@code ms} before each event. */
    public static Runnable sleep(long ms) {
        return () -> {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        };
    }

    /** Holds exactly {@code ns}: parks until 50 µs before, then spins. */
    public static Runnable hold(long ns) {
        return () -> {
            long until = System.nanoTime() + ns;
            long now;
            while ((now = System.nanoTime()) < until - 50_000) {
                LockSupport.parkNanos(until - 50_000 - now);
            }
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        };
    }

    @Override
    public String id() {
        return inner.id() + idSuffix;
    }

    @Override
    public String description() {
        return inner.description() + " [first stage " + what + "]";
    }





    @Override
    public <E> Chain<E> chain(ChainSpec<E> spec) {
        List<Handler<E>> handlers = new ArrayList<>(spec.handlers());
        Handler<E> first = handlers.get(0);
        handlers.set(0, (e, end) -> {
            delay.run();
            first.onEvent(e, end);
        });
        return inner.chain(spec.withHandlers(handlers));
    }
}
