package handoff.harness.openloop;

import handoff.harness.results.IntervalRecorder;
import handoff.pipelines.Pipeline;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.List;
import handoff.harness.stats.SteadyState;
import handoff.harness.meters.TailProbe;
import handoff.harness.meters.WindowProfile;

/**
 * End-to-end latency of a pipeline at a fixed offered load, measured open loop (docs/measurement.md §3).
 *
 * <p>Global event {@code j} is due at {@code t0 + j / R}; producer {@code p} of {@code P} sends the events
 * {@code j = k·P + p}, so each has rate R/P and together they are evenly spaced. A producer that falls
 * behind (a full first hop, a deschedule) neither skips events nor shifts its schedule: it sends the late
 * ones at once, each still carrying its original intended time. Latency is taken from that intended time,
 * so time an event spent waiting to be sent counts against the system, which is what keeps the result free
 * of coordinated omission.
 *
 * <p>Warm-up is detected, not assumed (docs/measurement.md §5): every event's end-to-end latency goes into the histogram of its
 * intended-time interval, and the monitor runs the {@link SteadyState} trend test on the per-interval p50s. The
 * measurement window opens at the interval boundary after the last {@link SteadyState#WINDOW} intervals showed no
 * trend, or after the warm-up cap if they never did (the run is then {@code not-steady}); the window is tested
 * again when it is over. A run whose backlog in the window reaches {@link #SATURATION_FRACTION} of the chain's bound
 * is {@code saturated}: its latency is the time to cross a full buffer, not the hand-off's. Producers stop at the
 * window's end, the run waits for the pipeline to drain, then halts it and verifies every event. The engine writes
 * no files and parses no options: callers do.
 */
public final class OpenLoopRun {
    /** Kept for callers of the old name: {@link Pacer#SPIN_MARGIN_NS}. */
    static final long SPIN_MARGIN_NS = Pacer.SPIN_MARGIN_NS;
    /** Backlog sampling period. */
    static final long SAMPLE_NS = 1_000_000;
    /** Producers start this long after the run is set up, so they all begin on the same schedule. */
    static final long START_DELAY_NS = 20_000_000;
    /** Interval of the steady-state test (and of the interval log) unless the caller gives one. */
    public static final long STEADY_INTERVAL_NS = 50_000_000;
    /**
     * A window whose backlog reaches this fraction of the chain's bound is {@code saturated}. Half: from there a
     * deschedule of the consumer of (bound/2)/R fills the buffer, and the tail is set by the buffer's size, not the
     * hand-off (at 439 k/s, 1,536 of 3,072 slots is 3.5 ms, the order of one slow spell on a shared VM).
     */
    public static final double SATURATION_FRACTION = 0.5;
    /** Histograms start sized for 10 s and grow if a value is larger. */
    private static final long INITIAL_HIGHEST_NS = TimeUnit.SECONDS.toNanos(10);

    /**
     * @param rateEps    offered rate R, events per second over all producers
     * @param warmup     the warm-up cap: the window opens once the run is steady, or after this long at the latest
     *                   (zero: no warm-up, the window opens at once and is only tested afterwards)
     * @param stuckAfter a run whose pipeline holds events but makes no progress for this long is failed
     */
    public record Config(Transport transport, int producers, Wait waitStrategy, int work, int capacity,
                         double rateEps, Duration warmup, Duration measure, ThreadSource threads,
                         Duration stuckAfter) {
        public Config {
            Objects.requireNonNull(transport, "transport");
            Objects.requireNonNull(waitStrategy, "waitStrategy");
            Objects.requireNonNull(threads, "threads");
            if (producers < 1 || work < 0 || !(rateEps > 0) || Double.isInfinite(rateEps)) {
                throw new IllegalArgumentException("need producers >= 1, work >= 0 and a finite rate > 0");
            }
            if (warmup.isNegative() || measure.isNegative() || measure.isZero() || stuckAfter.isNegative()
                    || stuckAfter.isZero()) {
                throw new IllegalArgumentException("need warmup >= 0, measure > 0 and stuckAfter > 0");
            }
        }

        /** With a stuck timeout of 10 s. */
        public Config(Transport transport, int producers, Wait waitStrategy, int work, int capacity,
                      double rateEps, Duration warmup, Duration measure, ThreadSource threads) {
            this(transport, producers, waitStrategy, work, capacity, rateEps, warmup, measure, threads,
                    Duration.ofSeconds(10));
        }

        /** The same configuration at another rate. */
        public Config atRate(double eps) {
            return new Config(transport, producers, waitStrategy, work, capacity, eps, warmup, measure, threads, stuckAfter);
        }

        /** The same configuration with another warm-up cap and window. */
        public Config sized(Duration warmupCap, Duration window) {
            return new Config(transport, producers, waitStrategy, work, capacity, rateEps, warmupCap, window, threads, stuckAfter);
        }

        /**
         * The bound a producer meets: one hop's capacity (a ring is one hop). Whichever stage is slowest, the hop in
         * front of it fills first and blocks everything behind it, so a backlog of this many events means a full buffer
         * somewhere; an unbounded transport is judged against the same bound as the bounded ones, so that every
         * transport at one capacity is judged alike.
         */
        public long bound() {
            return capacity;
        }
    }

    /**
     * What a run saw. Histograms are in nanoseconds and cover only events due in the measurement window.
     *
     * @param endToEnd          intended send time → aggregate stage done
     * @param publishToParse    intended send time → parse entry (includes any send lag)
     * @param parseToEnrich     parse entry → enrich entry (parse's work plus the hand-off)
     * @param enrichToAggregate enrich entry → aggregate entry
     * @param sendLag           intended send time → when the producer actually began the publish
     * @param publishCall       how long each publish call took (the producer's side of the hand-off)
     * @param sent              events published, warm-up included
     * @param received          events the aggregate stage finished, warm-up included
     * @param measured          events due in the measurement window (what the histograms should count)
     * @param achievedEps       offered × (window events completed by the window's end + {@link OpenLoopRecorder#DEADLINE_NS})
     *                          ÷ (window events due): never above offered
     * @param peakBacklog       most events published but not yet aggregated in the window, sampled every millisecond
     * @param backlogAtStart    events published but not yet aggregated at the first sample of the
     *                          measurement window (-1 if none was taken)
     * @param backlogAtEnd      the same at the first sample after the window closed
     * @param failure           null if every event arrived exactly once and intact, else why not
     * @param handlerError      the first exception a stage threw, or null
     * @param intervals         end-to-end latency of the window by intended-time interval, for the interval log
     * @param warmupNs          how long the warm-up ran (window start − t0)
     * @param settled           whether the warm-up's interval series became stationary before the cap
     * @param windowP50s        the window's per-interval p50s, which the window's own verdict tests
     * @param pacer             how producers waited for their due times
     */
    public record Result(Config config, Histogram endToEnd, Histogram publishToParse, Histogram parseToEnrich,
                         Histogram enrichToAggregate, Histogram sendLag, Histogram publishCall, long sent, long received, long measured,
                         double achievedEps, long peakBacklog, long backlogAtStart, long backlogAtEnd,
                         String failure, Throwable handlerError, IntervalRecorder intervals, long warmupNs,
                         boolean settled, double[] windowP50s, Pacer pacer) {
        public boolean ok() {
            return failure == null;
        }

        /** Backlog growth over the measurement window, events per second of window (0 if unsampled). */
        public double backlogGrowthEps() {
            if (backlogAtStart < 0 || backlogAtEnd < 0) {
                return 0;
            }
            return (backlogAtEnd - backlogAtStart) * 1e9 / config.measure().toNanos();
        }

        /** The window's backlog reached {@link #SATURATION_FRACTION} of the chain's bound. */
        public boolean saturated() {
            return peakBacklog >= SATURATION_FRACTION * config.bound();
        }

        /** "steady" when the warm-up settled before its cap and the window itself shows no trend, else "not-steady". */
        public String steadiness() {
            return settled && SteadyState.STEADY.equals(SteadyState.verdict(windowP50s))
                    ? SteadyState.STEADY : SteadyState.NOT_STEADY;
        }

        /** Kept up: steady, not saturated, and every window event completed by the deadline (within 1 %). */
        public boolean keptUp() {
            return ok() && !saturated() && SteadyState.STEADY.equals(steadiness())
                    && achievedEps >= 0.99 * config.rateEps();
        }
    }

    private OpenLoopRun() {
    }

    /**
     * Runs one configuration to completion: warm-up + measurement + drain, or until stuck. The calling
     * thread is the monitor: it samples the backlog every millisecond, runs the steady-state test once per
     * interval, and watches for a stall.
     *
     * @throws IllegalArgumentException when the transport cannot run this wait strategy or producer count
     */
    public static Result run(Config config) throws InterruptedException {
        return run(config, STEADY_INTERVAL_NS);
    }

    /** As {@link #run(Config)}, with intervals (of the steady-state test and the interval log) of {@code intervalNs}. */
    public static Result run(Config config, long intervalNs) throws InterruptedException {
        return run(config, intervalNs, TailProbe.OFF);
    }

    /** As {@link #run(Config, long)}, with the jitter baseline and scheduler sampling on the same intervals ({@code tails}). */
    public static Result run(Config config, long intervalNs, TailProbe tails) throws InterruptedException {
        return run(config, intervalNs, tails, WindowProfile.OFF);
    }

    /** As {@link #run(Config, long, TailProbe)}, with a profiler over the measured window ({@code --profiler}). */
    public static Result run(Config config, long intervalNs, TailProbe tails, WindowProfile profile) throws InterruptedException {
        Transport transport = config.transport();
        String why = transport.unsupported(config.waitStrategy(), config.producers());
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        int producerCount = config.producers();
        Pacer pacer = Pacer.forThreads(producerCount + Pipeline.STAGES);
        double periodNs = 1e9 / config.rateEps();
        long t0 = System.nanoTime() + START_DELAY_NS;
        long capNs = config.warmup().toNanos();
        OpenLoopWindow window = new OpenLoopWindow(t0, intervalNs, capNs, config.measure().toNanos());
        if (capNs == 0) {
            window.decide(t0 - intervalNs); // opens at t0: no warm-up
        }

        OpenLoopRecorder recorder = new OpenLoopRecorder(window);
        Pipeline pipeline = Pipeline.over(transport).producers(producerCount).waitStrategy(config.waitStrategy())
                .capacity(config.capacity()).work(config.work()).threads(config.threads()).stamping(true)
                .tap(recorder).start();

        OpenLoopProducer[] producers = new OpenLoopProducer[producerCount];
        Thread[] threads = new Thread[producerCount];
        for (int p = 0; p < producerCount; p++) {
            producers[p] = new OpenLoopProducer(pipeline, config.waitStrategy(), pacer,
                    new Schedule(p, producerCount, t0, periodNs, Long.MAX_VALUE, window.hardEnd), window);
            threads[p] = config.threads().newThread("producer-" + p, producers[p]);
        }
        for (Thread t : threads) {
            t.start();
        }
        tails.begin(t0, intervalNs); // on the intended-time grid, from t0: the window's part is kept at the end

        String stuck = null;
        boolean settled = capNs == 0;
        long peakBacklog = 0;
        long backlogAtStart = -1;
        long backlogAtEnd = -1;
        long lastProcessed = -1;
        long lastProgress = System.nanoTime();
        long stuckAfterNs = config.stuckAfter().toNanos();
        boolean interrupted = false;
        while (true) {
            LockSupport.parkNanos(SAMPLE_NS);
            if (Thread.interrupted()) { // cleared, so that the joins below can wait; thrown after them
                interrupted = true;
                break;
            }
            boolean allDone = true;
            long sent = 0;
            for (OpenLoopProducer p : producers) {
                allDone &= p.finished; // read before sent: a finished producer's count is final
                sent += p.sent.get();
            }
            long processed = pipeline.processed();
            long backlog = sent - processed;
            long now = System.nanoTime();
            if (!window.decided()) {
                double[] p50s = recorder.publishedP50s();
                if (SteadyState.settled(p50s, p50s.length)) {
                    settled = true;
                    window.decide(now);
                } else if (now >= t0 + capNs) {
                    window.decide(now); // never settled: measured anyway, and flagged
                }
            }
            if (window.decided() && now >= window.start() && now < window.end()) {
                peakBacklog = Math.max(peakBacklog, backlog);
            }
            if (backlogAtStart < 0 && now >= window.start()) {
                backlogAtStart = backlog;
                profile.startAt(window.start());
            }
            if (backlogAtEnd < 0 && window.decided() && now >= window.end()) {
                backlogAtEnd = backlog;
                profile.stop();
            }
            if (allDone && processed >= sent) {
                break;
            }
            if (processed != lastProcessed) {
                lastProcessed = processed;
                lastProgress = now;
            } else if (sent > processed && now - lastProgress > stuckAfterNs) {
                long missing = sent - processed;
                stuck = "stuck: " + missing + (missing == 1 ? " event" : " events") + " never arrived";
                break;
            }
        }

        pipeline.halt();
        for (OpenLoopProducer p : producers) {
            p.stop = true;
        }
        for (Thread t : threads) {
            t.interrupt(); // only matters to a producer still blocked on a full hop of a stuck pipeline
            t.join(TimeUnit.SECONDS.toMillis(10));
        }

        if (interrupted) {
            tails.end(0, 0);
            throw new InterruptedException("open-loop run interrupted; pipeline halted");
        }

        // Producers joined: their counts and histograms are visible. Stage threads halted (joined) and their
        // last release of processed() read: the recorder's plain fields are visible too.
        long received = pipeline.processed();
        long[] perProducer = new long[producerCount];
        long sent = 0;
        long measured = 0;
        Histogram sendLag = newHistogram();
        Histogram publishCall = newHistogram();
        String producerFailure = null;
        for (int p = 0; p < producerCount; p++) {
            perProducer[p] = producers[p].sent.get();
            sent += perProducer[p];
            measured += producers[p].measured;
            sendLag.add(producers[p].lag);
            publishCall.add(producers[p].publishCall);
            if (producers[p].failure != null && producerFailure == null && stuck == null) {
                producerFailure = "producer-" + p + " failed: " + producers[p].failure;
            }
        }
        String failure = stuck != null ? stuck : producerFailure;
        if (failure == null) {
            failure = pipeline.verify(sent, pipeline.orders().expectedChecksum(perProducer));
        }
        OpenLoopRecorder.Hops w = recorder.measured;
        double achieved = measured > 0 ? config.rateEps() * Math.min(1.0, (double) recorder.onTime / measured) : 0;
        int first = (int) ((window.start() - t0) / intervalNs);
        int last = (int) ((window.end() - t0 + intervalNs - 1) / intervalNs);
        List<Histogram> windowIntervals = recorder.intervals(first, last);
        double[] windowP50s = windowIntervals.stream().mapToDouble(h -> h.getValueAtPercentile(50)).toArray();
        IntervalRecorder log = IntervalRecorder.of(window.start(), intervalNs, windowIntervals);
        tails.end(first, last);
        return new Result(config, w.endToEnd, w.publishToParse, w.parseToEnrich, w.enrichToAggregate, sendLag, publishCall, sent,
                received, measured, achieved, peakBacklog, backlogAtStart, backlogAtEnd, failure, pipeline.errors(), log,
                window.start() - t0, settled, windowP50s, pacer);
    }

    /** An auto-resizing histogram of nanoseconds, 3 significant digits, as every open-loop run records. */
    public static Histogram newHistogram() {
        Histogram h = new Histogram(1, INITIAL_HIGHEST_NS, 3);
        h.setAutoResize(true);
        return h;
    }

    /**
     * The spin-margin pacer's wait ({@link Pacer#awaitDue}), for callers that have CPUs to spare.
     */
    public static long awaitDue(long due, Wait wait, BooleanSupplier stopped) {
        return Pacer.SPIN_MARGIN.awaitDue(due, wait, stopped);
    }
}
