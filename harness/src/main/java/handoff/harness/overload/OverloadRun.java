package handoff.harness.overload;

import handoff.harness.openloop.OpenLoopRun;
import handoff.harness.openloop.Schedule;
import handoff.harness.stats.SteadyState;
import handoff.pipelines.Pipeline;
import handoff.pipelines.overload.Accounting;
import handoff.pipelines.overload.Ledger;
import handoff.pipelines.overload.OverloadPolicy;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One overload run: producers offer events open loop at {@code rateEps} under a policy for a warm-up and a window,
 * are stopped when the window closes (overloaded or not), then the pipeline drains every accepted event before its
 * threads are halted, and every offered event is accounted for ({@link Accounting}). A drain that makes no progress
 * for {@code stuckAfter}, or takes longer than {@code drainBound}, fails the run: an accepted event was lost or held.
 */
public final class OverloadRun {
    private static final long SAMPLE_NS = 1_000_000;
    private static final long START_DELAY_NS = 20_000_000;

    /**
     * @param minOffers each producer offers at least this many events before it heeds the stop (so that an injected
     *                  fault fires however slow the box); 0 normally
     */
    public record Config(Transport transport, OverloadPolicy policy, int producers, Wait waitStrategy, int work, int capacity,
                         double rateEps, Duration warmup, Duration measure, Duration timeout, Duration drainBound,
                         Duration stuckAfter, ThreadSource threads, long minOffers) {
        public Config {
            Objects.requireNonNull(transport, "transport");
            Objects.requireNonNull(policy, "policy");
            if (producers < 1 || !(rateEps > 0) || Double.isInfinite(rateEps) || measure.isZero() || measure.isNegative()) {
                throw new IllegalArgumentException("need producers >= 1, a finite rate > 0 and a window > 0");
            }
            String why = policy.unsupported(transport);
            if (why != null) {
                throw new IllegalArgumentException(why);
            }
        }
    }

    /**
     * @param offered        attempts, over all producers (warm-up included, as all counts)
     * @param due            events due before the window closed; {@code due - offered} were never reached (behind)
     * @param latency        intended send time → aggregated, completed events due in the window's steady part
     * @param stall          time inside each publish attempt of the window
     * @param stalledNanos   sum of those attempts, over all producers
     * @param goodputEps     offered × (window events completed by the window's end + 100 ms) ÷ (window events due):
     *                       never above offered
     * @param peakBacklog    most events accepted and neither completed nor discarded, sampled every millisecond
     * @param heapGrowth     {@link HeapWatch#growthBytes()}
     * @param drainNanos     from stopping the producers to the last accepted event completed
     * @param failure        null when every event is accounted for, else why not
     * @param censored       window events the producers never reached before they were stopped, each at its lower
     *                       bound (stop time − intended time): their latency is at least that
     * @param steady         "steady" when the window's per-interval p50s settled within its first half and stayed so
     * @param warmupMs       where the steady part began, ms into the window ({@code latency} and {@code censored}
     *                       cover only it)
     */
    public record Result(Config config, long offered, long completed, long rejected, long discarded, long due,
                         Histogram latency, Histogram stall, long stalledNanos, double goodputEps, long peakBacklog,
                         long heapGrowth, long collections, long drainNanos, String failure, Histogram censored,
                         String steady, long warmupMs) {
        public boolean ok() {
            return failure == null;
        }
    }

    private OverloadRun() {
    }

    public static Result run(Config c) throws InterruptedException {
        int n = c.producers();
        double periodNs = 1e9 / c.rateEps();
        HeapWatch heap = new HeapWatch();
        Completions done = new Completions(n);
        Pipeline pipeline = Pipeline.over(c.transport()).producers(n).waitStrategy(c.waitStrategy()).capacity(c.capacity())
                .work(c.work()).threads(c.threads()).tap(done).start();
        // The schedule starts once the pipeline is built (a first build in a JVM can take longer than a window). The
        // tap's window is set before any producer starts: every event the aggregate thread sees comes after it.
        long t0 = System.nanoTime() + START_DELAY_NS;
        long measureStart = t0 + c.warmup().toNanos();
        long measureEnd = measureStart + c.measure().toNanos();
        done.window(measureStart, measureEnd);
        OverloadProducer[] producers = new OverloadProducer[n];
        Thread[] threads = new Thread[n];
        for (int p = 0; p < n; p++) {
            producers[p] = new OverloadProducer(pipeline, c.policy(), c.timeout().toNanos(), new Ledger(pipeline.orders(), n),
                    c.waitStrategy(), new Schedule(p, n, t0, periodNs, measureStart, measureEnd), c.minOffers());
            threads[p] = c.threads().newThread("producer-" + p, producers[p]);
        }
        for (Thread t : threads) {
            t.start();
        }
        long peakBacklog = 0;
        while (System.nanoTime() < measureEnd) {
            LockSupport.parkNanos(SAMPLE_NS);
            peakBacklog = Math.max(peakBacklog, backlog(producers, pipeline));
            heap.sample();
        }
        long stopAt = System.nanoTime();
        for (OverloadProducer p : producers) {
            p.stop = true;
        }
        String failure = join(producers, threads);
        String drain = failure == null ? drain(c, producers, pipeline, heap) : null;
        long drainNanos = System.nanoTime() - stopAt;
        pipeline.halt();
        failure = failure != null ? failure : drain;
        // producers joined and stage threads halted: ledgers and the tap's counts are visible
        Ledger[] ledgers = new Ledger[n];
        long offered = 0;
        long rejected = 0;
        long discarded = 0;
        long due = 0;
        long stalled = 0;
        Histogram stall = producers[0].stall.copy();
        for (int p = 0; p < n; p++) {
            ledgers[p] = producers[p].ledger;
            offered += ledgers[p].offered();
            rejected += ledgers[p].rejected();
            discarded += ledgers[p].discarded();
            due += producers[p].due();
            stalled += producers[p].stalledNanos;
            if (p > 0) {
                stall.add(producers[p].stall);
            }
        }
        if (failure == null) {
            failure = Accounting.verify(pipeline, ledgers, done.perProducer);
        }
        long completed = 0;
        for (long x : done.perProducer) {
            completed += x;
        }
        // steady part (docs/measurement.md §5): from the first interval where 8 show no trend (within the window's first half), else
        // the second half and not-steady; its completed events and, censored, its never-sent ones
        double[] p50s = done.p50s();
        int from = SteadyState.steadyStart(p50s, Completions.INTERVALS / 2);
        String steady = from >= 0 && !SteadyState.trend(p50s, from, Completions.INTERVALS) ? SteadyState.STEADY : SteadyState.NOT_STEADY;
        from = from < 0 ? Completions.INTERVALS / 2 : from;
        long steadyStart = measureStart + (measureEnd - measureStart) * from / Completions.INTERVALS;
        // never sent: events of the steady part from each producer's last attempt on; latency at least stop − intended
        Histogram censored = OpenLoopRun.newHistogram();
        long dueInWindow = 0;
        for (int p = 0; p < n; p++) {
            Schedule s = producers[p].schedule();
            dueInWindow += s.dueInWindow();
            for (long k = Math.max(ledgers[p].offered(), s.dueBefore(steadyStart)); k < s.due(); k++) {
                censored.recordValue(Math.max(0, stopAt - s.intended(k)));
            }
        }
        double goodput = dueInWindow == 0 ? 0 : c.rateEps() * Math.min(1.0, (double) done.onTime / dueInWindow);
        return new Result(c, offered, completed, rejected, discarded, due, done.latencyFrom(from), stall, stalled,
                goodput, peakBacklog, heap.growthBytes(), heap.collections(),
                drainNanos, failure, censored, steady, (steadyStart - measureStart) / 1_000_000);
    }

    /** Accepted events neither completed nor discarded yet. */
    private static long backlog(OverloadProducer[] producers, Pipeline pipeline) {
        long processed = pipeline.processed(); // read first: the backlog is then never under-counted below zero by much
        long in = 0;
        for (OverloadProducer p : producers) {
            in += p.accepted.get() - p.discarded.get();
        }
        return Math.max(0, in - processed);
    }

    private static String join(OverloadProducer[] producers, Thread[] threads) throws InterruptedException {
        for (int p = 0; p < threads.length; p++) {
            threads[p].join(TimeUnit.SECONDS.toMillis(30));
            if (threads[p].isAlive()) {
                return "producer-" + p + " still publishing 30 s after it was told to stop";
            }
            if (producers[p].failure != null) {
                return "producer-" + p + " failed: " + producers[p].failure;
            }
        }
        return null;
    }

    /** Waits until every accepted event completed; the reason it did not, or null. */
    private static String drain(Config c, OverloadProducer[] producers, Pipeline pipeline, HeapWatch heap) {
        long target = 0;
        for (OverloadProducer p : producers) {
            target += p.accepted.get() - p.discarded.get();
        }
        long start = System.nanoTime();
        long lastProgress = start;
        long last = -1;
        while (true) {
            long processed = pipeline.processed();
            long now = System.nanoTime();
            if (processed >= target) {
                return null;
            }
            if (processed != last) {
                last = processed;
                lastProgress = now;
            }
            long missing = target - processed;
            if (now - lastProgress > c.stuckAfter().toNanos()) {
                return "drain lost accepted events: " + missing + " never completed (no progress for "
                        + c.stuckAfter().toMillis() + " ms)";
            }
            if (now - start > c.drainBound().toNanos()) {
                return "drain exceeded its bound of " + c.drainBound().toMillis() + " ms with " + missing + " accepted events left";
            }
            heap.sample();
            LockSupport.parkNanos(SAMPLE_NS);
        }
    }
}
