package handoff.harness.fanout;

import handoff.harness.results.Histograms;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One run of the broker workload: a fresh broker, the producers released together, timed from their release
 * until the last subscriber has taken its last dispatch, then stopped and every subscriber verified. At
 * saturation the producers publish as fast as the ring lets them; open loop, each publishes at a fixed rate and
 * stamps each event with its intended time, so a stall shows in the latency instead of slowing the offer.
 */
final class BrokerRun {
    /** How the run went: its time, null failure when every subscriber got exactly its due, latency if asked. */
    record Result(long nanos, String failure, Histogram latency) {
    }

    /** What a run is over: the broker's build, where its threads come from, how long a stall may last. */
    record Setup(Broker.Variant variant, Transport transport, Wait idle, int hopCapacity, ThreadSource threads,
                 long stallMs) {
    }

    private BrokerRun() {
    }

    /** {@code eventsPerSecond} 0: saturation; else the producers together offer that rate, open loop. */
    static Result run(Setup s, Workload w, double eventsPerSecond) throws InterruptedException {
        boolean open = eventsPerSecond > 0;
        Broker b = new Broker(s.variant(), s.transport(), s.idle(), w.producers, s.hopCapacity(), open, s.threads());
        b.start();
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<String> producerFailure = new AtomicReference<>();
        long[] start = new long[1];
        List<Thread> producers = new ArrayList<>();
        double intervalNs = open ? 1e9 * w.producers / eventsPerSecond : 0;
        for (int p = 0; p < w.producers; p++) {
            int id = p;
            Thread t = s.threads().newThread("producer-" + p, () -> {
                try {
                    go.await();
                    long t0 = start[0];
                    for (long seq = 0; seq < w.perProducer; seq++) {
                        long stamp = 0;
                        if (open) {
                            stamp = t0 + (long) (seq * intervalNs);
                            long wait;
                            while ((wait = stamp - System.nanoTime()) > 0) {
                                LockSupport.parkNanos(Math.min(wait, 20_000));
                            }
                        }
                        b.publish(Workload.key(id, seq), stamp);
                    }
                } catch (Throwable e) {
                    producerFailure.compareAndSet(null, "producer " + id + " threw " + e);
                }
            });
            producers.add(t);
            t.start();
        }
        start[0] = System.nanoTime();
        go.countDown(); // the latch orders start[0] before the producers read it
        String failure = Completion.await(() -> b.subscribers.stream().mapToLong(Subscriber::count).sum(),
                w.dispatches(), () -> producerFailure.get() != null ? producerFailure.get() : firstFailure(b),
                s.stallMs());
        long nanos = System.nanoTime() - start[0];
        for (Thread t : producers) {
            if (failure != null) {
                t.interrupt();
            }
            t.join(10_000);
        }
        b.halt();
        if (failure == null) {
            failure = b.failure();
        }
        for (Subscriber sub : b.subscribers) {
            String why = sub.verify(w);
            if (failure == null && why != null) {
                failure = why;
            }
        }
        Histogram h = null;
        if (open && failure == null) {
            h = Histograms.newNanos();
            for (Subscriber sub : b.subscribers) {
                h.add(sub.latency());
            }
        }
        return new Result(nanos, failure, h);
    }

    private static String firstFailure(Broker b) {
        if (b.failure() != null) {
            return b.failure();
        }
        for (Subscriber s : b.subscribers) {
            if (s.failure() != null) {
                return s.failure();
            }
        }
        return null;
    }
}
