package handoff.harness.fanout;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The in-memory event broker of published-results §F: producers publish into one multi-producer hop of
 * {@value #RING_SLOTS} slots, one dispatcher thread takes each event, looks its subscribers up by type in a
 * copy-on-write list, and dispatches to each, the {@link Variant}'s way. The dispatcher never hands a slot on: it
 * copies the key and stamp out first, so a later publish into the same slot cannot change a dispatch in flight
 * (one of the published code's exposures).
 */
final class Broker {
    static final int RING_SLOTS = 16_384;
    /** Threads of the pool between the dispatcher and the subscribers' executors in {@code as-published}. */
    static final int POOL_THREADS = 2;

    enum Variant {
        /**
         * The published design: the dispatcher hands each dispatch to a pool, which hands it to the subscriber's
         * own single-thread executor. The pool is striped by subscriber (one single-thread executor per stripe):
         * a shared pool may run two dispatches of one subscriber out of order, which the published code is
         * exposed to and this suite would fail.
         */
        AS_PUBLISHED("as-published"),
        /** The dispatcher calls each subscriber itself: no hand-off after the ring. */
        DIRECT("direct"),
        /** The dispatcher hands each dispatch to the subscriber's own thread through the row's transport. */
        PER_SUBSCRIBER("per-subscriber");

        final String id;

        Variant(String id) {
            this.id = id;
        }

        /** Threads besides the producers: dispatcher, pool and executors, or one thread per subscriber. */
        int threads() {
            int subs = Workload.TYPES * Workload.PER_TYPE;
            return switch (this) {
                case AS_PUBLISHED -> 1 + POOL_THREADS + subs;
                case DIRECT -> 1;
                case PER_SUBSCRIBER -> 1 + subs;
            };
        }

        static Variant of(String id) {
            for (Variant v : values()) {
                if (v.id.equals(id)) {
                    return v;
                }
            }
            throw new IllegalArgumentException("unknown broker variant '" + id + "'");
        }
    }

    private final Variant variant;
    final List<Subscriber> subscribers = new ArrayList<>();
    private final Map<Integer, CopyOnWriteArrayList<Subscriber>> byType = new ConcurrentHashMap<>();
    private final Chain<FanEvent> input;
    private final List<Chain<FanEvent>> hops = new ArrayList<>();
    private final List<ExecutorService> executors = new ArrayList<>();
    private final List<ExecutorService> pool = new ArrayList<>();
    private volatile String failure;

    /**
     * @param hopCapacity capacity of each subscriber's own hop ({@code per-subscriber})
     */
    Broker(Variant variant, Transport transport, Wait wait, int producers, int hopCapacity, boolean recordLatency,
           ThreadSource threads) {
        this.variant = variant;
        for (int t = 0; t < Workload.TYPES; t++) {
            for (int i = 0; i < Workload.PER_TYPE; i++) {
                Subscriber s = new Subscriber(t, i, producers, recordLatency);
                int n = subscribers.size();
                subscribers.add(s);
                byType.computeIfAbsent(t, k -> new CopyOnWriteArrayList<>()).add(s);
                if (variant == Variant.PER_SUBSCRIBER) {
                    Handler<FanEvent> h = (e, end) -> s.onDispatch(e.key, e.stamp);
                    hops.add(transport.chain(new ChainSpec<>(hopCapacity, 1, wait, FanEvent::new, List.of(h),
                            (role, body) -> threads.newThread("sub" + n + "-" + role, body), this::onError)));
                } else if (variant == Variant.AS_PUBLISHED) {
                    executors.add(singleThread(threads, "sub" + n + "-stage-" + (1 + POOL_THREADS + n)));
                }
            }
        }
        for (int i = 0; variant == Variant.AS_PUBLISHED && i < POOL_THREADS; i++) {
            pool.add(singleThread(threads, "pool-stage-" + (1 + i)));
        }
        input = transport.chain(new ChainSpec<>(RING_SLOTS, producers, wait, FanEvent::new, List.of(this::dispatch),
                threads, this::onError));
    }

    private ExecutorService singleThread(ThreadSource threads, String role) {
        return new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                body -> threads.newThread(role, body),
                (task, executor) -> fail("a dispatch was rejected by " + role + " (" + (executor.isShutdown()
                        ? "already shut down" : "saturated") + ")"));
    }

    void start() {
        hops.forEach(Chain::start);
        input.start();
    }

    /** From a producer thread: one event into the broker's ring. */
    void publish(long key, long stamp) {
        input.publish(FanEvent.FILL, key, stamp);
    }

    /** The dispatcher: the event's slot is read here and only here. */
    private void dispatch(FanEvent e, boolean endOfBatch) {
        long key = e.key;
        long stamp = e.stamp;
        List<Subscriber> subs = byType.get(Workload.typeOf(key));
        if (subs == null) {
            fail("no subscriber list for type " + Workload.typeOf(key) + " (a corrupted event)");
            return;
        }
        for (Subscriber s : subs) {
            int n = s.type * Workload.PER_TYPE + s.index;
            switch (variant) {
                case DIRECT -> s.onDispatch(key, stamp);
                case PER_SUBSCRIBER -> hops.get(n).publish(FanEvent.FILL, key, stamp);
                case AS_PUBLISHED -> {
                    ExecutorService own = executors.get(n);
                    pool.get(n % POOL_THREADS).execute(() -> own.execute(() -> s.onDispatch(key, stamp)));
                }
            }
        }
    }

    private void onError(Throwable t) {
        fail("a handler threw " + t);
    }

    private void fail(String why) {
        if (failure == null) {
            failure = why;
        }
    }

    String failure() {
        return failure;
    }

    /** Stops every thread in order (ring, pool, executors, hops); a thread that will not stop is a failure. */
    void halt() throws InterruptedException {
        input.halt();
        for (List<ExecutorService> stage : List.of(pool, executors)) {
            stage.forEach(ExecutorService::shutdown);
            for (ExecutorService e : stage) {
                if (!e.awaitTermination(10, TimeUnit.SECONDS)) {
                    e.shutdownNow();
                    fail("an executor did not finish its queued dispatches within 10 s of shutdown");
                }
            }
        }
        for (Chain<FanEvent> h : hops) {
            h.halt();
        }
    }
}
