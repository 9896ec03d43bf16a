package handoff.harness.pipeline;

import handoff.harness.results.IntervalLog;
import handoff.harness.results.IntervalRecorder;
import handoff.pipelines.OrderEvent;
import handoff.pipelines.Pipeline;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;
import handoff.queues.disruptor.Sequence;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * End-to-end latency of a pipeline at a fixed offered load, measured open loop (DESIGN §4).
 *
 * <p>Global event {@code j} is due at {@code t0 + j / R}; producer {@code p} of {@code P} sends the events
 * {@code j = k·P + p}, so each has rate R/P and together they are evenly spaced. A producer that falls
 * behind (a full first hop, a deschedule) neither skips events nor shifts its schedule: it sends the late
 * ones at once, each still carrying its original intended time. Latency is taken from that intended time,
 * so time an event spent waiting to be sent counts against the system, which is what keeps the result free
 * of coordinated omission.
 *
 * <p>Events due in [t0, t0 + warm-up) warm up; those due in the following measurement window are recorded;
 * producers stop at its end, the run waits for the pipeline to drain, then halts it and verifies every
 * event. The engine writes no files and parses no options: callers do.
 */
public final class OpenLoopRun {
    /**
     * A parked producer wakes this long before its next send and spins the rest: {@code parkNanos} on Linux
     * oversleeps by around the default 50 µs timer slack. What oversleep remains is recorded as send lag.
     */
    static final long SPIN_MARGIN_NS = 50_000;
    /** Backlog sampling period. */
    static final long SAMPLE_NS = 1_000_000;
    /** Producers start this long after the run is set up, so they all begin on the same schedule. */
    static final long START_DELAY_NS = 20_000_000;
    /** Histograms start sized for 10 s and grow if a value is larger. */
    private static final long INITIAL_HIGHEST_NS = TimeUnit.SECONDS.toNanos(10);

    /**
     * @param rateEps    offered rate R, events per second over all producers
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
    }

    /**
     * What a run saw. Histograms are in nanoseconds and cover only events due in the measurement window.
     *
     * @param endToEnd          intended send time → aggregate stage done
     * @param publishToParse    intended send time → parse entry (includes any send lag)
     * @param parseToEnrich     parse entry → enrich entry (parse's work plus the hand-off)
     * @param enrichToAggregate enrich entry → aggregate entry
     * @param sendLag           intended send time → when the producer actually began the publish
     * @param sent              events published, warm-up included
     * @param received          events the aggregate stage finished, warm-up included
     * @param measured          events due in the measurement window (what the histograms should count)
     * @param achievedEps       delivery rate in the window: measured events over the time between the
     *                          aggregate finishing the first and the last of them
     * @param peakBacklog       most events published but not yet aggregated, sampled every millisecond
     * @param backlogAtStart    events published but not yet aggregated at the first sample of the
     *                          measurement window (-1 if none was taken)
     * @param backlogAtEnd      the same at the first sample after the window closed: a backlog that grew
     *                          over the window means the pipeline could not keep up with the offered rate
     * @param failure           null if every event arrived exactly once and intact, else why not
     *                          ("stuck: ...", or {@link Pipeline#verify}'s reason)
     * @param handlerError      the first exception a stage threw, or null
     * @param intervals         end-to-end latency of the window by completion-time interval, for the interval log
     */
    public record Result(Config config, Histogram endToEnd, Histogram publishToParse, Histogram parseToEnrich,
                         Histogram enrichToAggregate, Histogram sendLag, long sent, long received, long measured,
                         double achievedEps, long peakBacklog, long backlogAtStart, long backlogAtEnd,
                         String failure, Throwable handlerError, IntervalRecorder intervals) {
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
    }

    private OpenLoopRun() {
    }

    /**
     * Runs one configuration to completion: warm-up + measurement + drain, or until stuck. The calling
     * thread is the monitor: it samples the backlog every millisecond and watches for a stall.
     *
     * @throws IllegalArgumentException when the transport cannot run this wait strategy or producer count
     */
    public static Result run(Config config) throws InterruptedException {
        return run(config, IntervalLog.DEFAULT_INTERVAL_MS * 1_000_000);
    }

    /** As {@link #run(Config)}, cutting the end-to-end latency into intervals of {@code intervalNs}. */
    public static Result run(Config config, long intervalNs) throws InterruptedException {
        Transport transport = config.transport();
        String why = transport.unsupported(config.waitStrategy(), config.producers());
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        int producerCount = config.producers();
        double periodNs = 1e9 / config.rateEps();
        long t0 = System.nanoTime() + START_DELAY_NS;
        long measureStart = t0 + config.warmup().toNanos();
        long measureEnd = measureStart + config.measure().toNanos();

        Recorder recorder = new Recorder(measureStart, new IntervalRecorder(measureStart, intervalNs));
        Pipeline pipeline = Pipeline.over(transport).producers(producerCount).waitStrategy(config.waitStrategy())
                .capacity(config.capacity()).work(config.work()).threads(config.threads()).stamping(true)
                .tap(recorder).start();

        Producer[] producers = new Producer[producerCount];
        Thread[] threads = new Thread[producerCount];
        for (int p = 0; p < producerCount; p++) {
            producers[p] = new Producer(pipeline, config.waitStrategy(),
                    new Schedule(p, producerCount, t0, periodNs, measureStart, measureEnd));
            threads[p] = config.threads().newThread("producer-" + p, producers[p]);
        }
        for (Thread t : threads) {
            t.start();
        }

        String stuck = null;
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
            for (Producer p : producers) {
                allDone &= p.finished; // read before sent: a finished producer's count is final
                sent += p.sent.get();
            }
            long processed = pipeline.processed();
            long backlog = sent - processed;
            peakBacklog = Math.max(peakBacklog, backlog);
            long now = System.nanoTime();
            if (backlogAtStart < 0 && now >= measureStart) {
                backlogAtStart = backlog;
            }
            if (backlogAtEnd < 0 && now >= measureEnd) {
                backlogAtEnd = backlog;
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
        for (Producer p : producers) {
            p.stop = true;
        }
        for (Thread t : threads) {
            t.interrupt(); // only matters to a producer still blocked on a full hop of a stuck pipeline
            t.join(TimeUnit.SECONDS.toMillis(10));
        }

        if (interrupted) {
            throw new InterruptedException("open-loop run interrupted; pipeline halted");
        }

        // Producers joined: their counts and histograms are visible. Stage threads halted (joined) and their
        // last release of processed() read: the recorder's plain fields are visible too.
        long received = pipeline.processed();
        long[] perProducer = new long[producerCount];
        long sent = 0;
        long measured = 0;
        Histogram sendLag = newHistogram();
        String producerFailure = null;
        for (int p = 0; p < producerCount; p++) {
            perProducer[p] = producers[p].sent.get();
            sent += perProducer[p];
            measured += producers[p].measured;
            sendLag.add(producers[p].lag);
            if (producers[p].failure != null && producerFailure == null && stuck == null) {
                producerFailure = "producer-" + p + " failed: " + producers[p].failure;
            }
        }
        String failure = stuck != null ? stuck : producerFailure;
        if (failure == null) {
            failure = pipeline.verify(sent, pipeline.orders().expectedChecksum(perProducer));
        }
        Hops window = recorder.measured;
        double achieved = window.count > 1
                ? (window.count - 1) * 1e9 / Math.max(1, window.lastDone - window.firstDone) : 0;
        return new Result(config, window.endToEnd, window.publishToParse, window.parseToEnrich,
                window.enrichToAggregate, sendLag, sent, received, measured, achieved, peakBacklog, backlogAtStart,
                backlogAtEnd, failure, pipeline.errors(), recorder.intervals);
    }

    /** An auto-resizing histogram of nanoseconds, 3 significant digits, as every open-loop run records. */
    public static Histogram newHistogram() {
        Histogram h = new Histogram(1, INITIAL_HIGHEST_NS, 3);
        h.setAutoResize(true);
        return h;
    }

    /**
     * Runs on the aggregate thread, after the aggregate stage; its fields belong to that thread. Warm-up
     * events go through the same code into histograms that are thrown away, so the recording path is
     * compiled before the measurement window opens.
     */
    private static final class Recorder implements Pipeline.Tap {
        final long measureStart;
        final Hops warm = new Hops();
        final Hops measured = new Hops();
        /** The window's end-to-end latency again, by interval (one more recordValue per measured event). */
        final IntervalRecorder intervals;

        Recorder(long measureStart, IntervalRecorder intervals) {
            this.measureStart = measureStart;
            this.intervals = intervals;
        }

        @Override
        public void onAggregated(OrderEvent e) {
            long now = System.nanoTime();
            if (e.intendedNanos < measureStart) {
                warm.record(e, now);
            } else {
                measured.record(e, now);
                intervals.record(now, Math.max(0, now - e.intendedNanos));
            }
        }
    }

    /** End-to-end and per-hop histograms of one phase, with the first and last completion times. */
    private static final class Hops {
        final Histogram endToEnd = newHistogram();
        final Histogram publishToParse = newHistogram();
        final Histogram parseToEnrich = newHistogram();
        final Histogram enrichToAggregate = newHistogram();
        long count;
        long firstDone;
        long lastDone;

        void record(OrderEvent e, long now) {
            long intended = e.intendedNanos;
            // Clamped at 0 only as a guard: nanoTime is monotonic and each stamp follows a hand-off.
            endToEnd.recordValue(Math.max(0, now - intended));
            publishToParse.recordValue(Math.max(0, e.parseNanos - intended));
            parseToEnrich.recordValue(Math.max(0, e.enrichNanos - e.parseNanos));
            enrichToAggregate.recordValue(Math.max(0, e.aggregateNanos - e.enrichNanos));
            if (count++ == 0) {
                firstDone = now;
            }
            lastDone = now;
        }
    }

    /** One producer's schedule: events j = k·P + p, due at t0 + j·period, until the window closes. */
    private static final class Producer implements Runnable {
        private final Pipeline pipeline;
        private final Wait wait;
        private final Schedule schedule;
        /** Events published so far: written by this producer (release), read by the monitor (acquire). */
        final Sequence sent = new Sequence(0);
        final Histogram lag = newHistogram();
        /** Warm-up lag goes here, through the same code as {@link #lag}, and is dropped. */
        final Histogram warmLag = newHistogram();
        long measured;
        Throwable failure;
        volatile boolean finished;
        volatile boolean stop;
        private final BooleanSupplier stopped = () -> stop;

        Producer(Pipeline pipeline, Wait wait, Schedule schedule) {
            this.pipeline = pipeline;
            this.wait = wait;
            this.schedule = schedule;
        }

        @Override
        public void run() {
            try {
                for (long k = 0; !stop; k++) {
                    long intended = schedule.intended(k);
                    if (intended >= schedule.measureEnd()) {
                        break;
                    }
                    long sendAt = awaitDue(intended);
                    pipeline.publish(schedule.id(), k, intended);
                    if (intended >= schedule.measureStart()) {
                        lag.recordValue(sendAt - intended);
                        measured++;
                    } else {
                        warmLag.recordValue(sendAt - intended);
                    }
                    sent.set(k + 1);
                }
            } catch (Throwable t) {
                failure = t; // e.g. a publish interrupted by halt() on a stuck run
            } finally {
                finished = true;
            }
        }

        private long awaitDue(long due) {
            return OpenLoopRun.awaitDue(due, wait, stopped);
        }
    }

    /**
     * Returns the first clock reading at or after {@code due}; never skips, never sleeps past it on purpose: parks
     * (unless {@code wait} is {@link Wait#SPIN}) until {@link #SPIN_MARGIN_NS} before it, then spins. Once
     * {@code stopped} says so it parks no more.
     */
    public static long awaitDue(long due, Wait wait, BooleanSupplier stopped) {
        long now = System.nanoTime();
        if (wait != Wait.SPIN) {
            long sleep;
            while ((sleep = due - now - SPIN_MARGIN_NS) > 0 && !stopped.getAsBoolean()) {
                LockSupport.parkNanos(sleep);
                now = System.nanoTime();
            }
        }
        while (now < due) {
            Thread.onSpinWait();
            now = System.nanoTime();
        }
        return now;
    }
}
