package handoff.pipelines;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/** Test helper: producer threads publishing into a pipeline, and bounded waits: a broken transport fails, not hangs. */
final class Drive {
    private Drive() {
    }

    /** Producer p publishes sequences 0 .. perProducer[p]-1 from its own thread; returns when all have returned. */
    static void publishAll(Pipeline pipeline, long[] perProducer) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[perProducer.length];
        for (int p = 0; p < threads.length; p++) {
            final int id = p;
            threads[p] = new Thread(() -> {
                try {
                    for (long seq = 0; seq < perProducer[id]; seq++) {
                        pipeline.publish(id, seq, System.nanoTime());
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "producer-" + p);
            threads[p].setDaemon(true);
            threads[p].start();
        }
        for (Thread t : threads) {
            t.join(Duration.ofSeconds(30).toMillis());
            if (t.isAlive()) {
                throw new AssertionError(t.getName() + " still publishing after 30 s (processed "
                        + pipeline.processed() + ")");
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("a producer failed", failure.get());
        }
    }

    /** Waits until processed() reaches {@code target}, or fails once it has not moved for {@code stall}. */
    static void awaitProcessed(Pipeline pipeline, long target, Duration stall) throws InterruptedException {
        long last = -1;
        long lastChange = System.nanoTime();
        long done;
        while ((done = pipeline.processed()) < target) {
            long now = System.nanoTime();
            if (done != last) {
                last = done;
                lastChange = now;
            } else if (now - lastChange > stall.toNanos()) {
                throw new AssertionError("stuck at " + done + " of " + target + " processed");
            }
            Thread.sleep(1);
        }
    }

    /** Waits until processed() stays put for {@code quiet} (used where fewer events than published arrive). */
    static long awaitQuiet(Pipeline pipeline, long atLeast, Duration quiet) throws InterruptedException {
        long last = -1;
        long since = System.nanoTime();
        while (true) {
            long done = pipeline.processed();
            long now = System.nanoTime();
            if (done != last) {
                last = done;
                since = now;
            } else if (done >= atLeast && now - since > quiet.toNanos()) {
                return done;
            } else if (now - since > Duration.ofSeconds(30).toNanos()) {
                throw new AssertionError("stuck at " + done + ", expected at least " + atLeast);
            }
            Thread.sleep(1);
        }
    }

    static long total(long[] perProducer) {
        long n = 0;
        for (long c : perProducer) {
            n += c;
        }
        return n;
    }

    static long[] split(long events, int producers) {
        long[] per = new long[producers];
        for (int p = 0; p < producers; p++) {
            per[p] = events / producers + (p < events % producers ? 1 : 0);
        }
        return per;
    }
}
