package handoff.harness.pipeline;

import handoff.harness.jmh.Drain;
import handoff.harness.jmh.TrialFailure;
import handoff.harness.runtime.ThreadKind;
import handoff.harness.trial.FaultInjection;
import handoff.harness.trial.Workers;
import handoff.pipelines.Pipeline;
import handoff.queues.Buffering;
import handoff.queues.Consume;
import handoff.queues.Idler;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Saturation throughput of the parse → enrich → aggregate pipeline over one transport (docs/measurement.md §4).
 *
 * <p>One operation pushes a batch of {@value #BATCH} events through all three stages and returns when the
 * aggregate stage has finished the last of them; with {@code @OperationsPerInvocation(BATCH)} the score is
 * events per second. The batch is large so that what each batch pays once (waking parked producers and
 * stages, filling and draining the pipeline, this thread's wake-up after the last event, up to ~100 µs
 * when it parks) stays around 1 % even at 10 M events/s.
 *
 * <p>{@code producers} persistent threads, started once per trial, each publish their share of every batch
 * when the round counter advances and then wait for the next round (spinning only for {@code spin}, else
 * parking, unparked by this thread). Stages do not stamp clocks. The trial's tear-down verifies count and
 * checksum of everything published and throws if they are wrong, so a broken trial yields no number.
 * Queue transports allocate one event per message, rings reuse slots: compare {@code gc.alloc.rate.norm},
 * which here is already bytes per event (JMH divides by operations, and an operation is one event) but
 * JVM-wide in JMH 1.37, so it counts the producer and stage threads too, which is what we want.
 *
 * <p>{@code consume} is how queue stages take events ({@link Consume}: {@code one} per poll, or a {@code batch}
 * drain; rings always batch, Flow one per {@code onNext}); {@code buffering} what {@code capacity} bounds
 * ({@link Buffering}: {@code per-hop}, or the pipeline's {@code total}). After each op the stage threads' hand-off
 * counts are added to {@link HandoffCounters} (mean batch, empty polls, failed offers); a paired run with
 * {@code -jvmArgsAppend -Dhandoff.counters=false} prices the counting.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(PipelineThroughput.BATCH)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
        "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class PipelineThroughput {
    static final int BATCH = 100_000;

    @Param("abq")
    public String transport;
    @Param("1")
    public int producers;
    @Param("park")
    public String wait;
    @Param("1")
    public int work;
    /** Workers per stage, as {@link Workers#parse} reads it: N, or parse:enrich:aggregate. */
    @Param("1")
    public String workers;
    @Param("1024")
    public int capacity;
    /** {@link Consume} id. */
    @Param("one")
    public String consume;
    /** {@link Buffering} id. */
    @Param("per-hop")
    public String buffering;

    private Pipeline pipeline;
    private Wait waitStrategy;
    private Thread[] producerThreads;
    private long[] publishedBy;
    private volatile long round;
    private volatile boolean running;
    private long target;

    @Setup(Level.Trial)
    public void setUp() {
        Transport t = FaultInjection.fromSystemProperty(Transports.get(transport));
        waitStrategy = Wait.parse(wait);
        Workers shape = Workers.parse(workers);
        String why = t.unsupported(waitStrategy, producers, shape.max());
        if (why != null) {
            throw TrialFailure.report(why);
        }
        pipeline = Pipeline.over(t).producers(producers).waitStrategy(waitStrategy).capacity(capacity).work(work)
                .workers(shape.toArray()).threads(ThreadKind.stageThreads()).stamping(false)
                .consume(Consume.parse(consume)).buffering(Buffering.parse(buffering)).start();
        running = true;
        publishedBy = new long[producers];
        producerThreads = new Thread[producers];
        for (int p = 0; p < producers; p++) {
            final int id = p;
            final int share = BATCH / producers + (p < BATCH % producers ? 1 : 0);
            producerThreads[p] = ThreadSource.DAEMON.newThread("producer-" + p, () -> produce(id, share));
            producerThreads[p].start();
        }
    }

    /** Producer loop: one share per round; the sequence runs on across rounds, so no event repeats. */
    private void produce(int id, int share) {
        Wait between = waitStrategy == Wait.SPIN ? Wait.SPIN : Wait.PARK;
        long seq = 0;
        long rounds = 0;
        int idle = 0;
        try {
            while (true) {
                if (round == rounds) {
                    if (!running) {
                        return;
                    }
                    Idler.idle(between, idle++);
                    continue;
                }
                idle = 0;
                for (int i = 0; i < share; i++) {
                    pipeline.publish(id, seq, 0L);
                    seq++; // after the publish returned: a publish cut short by halt() is not counted
                }
                rounds++; // the next round cannot start before this share has been aggregated
            }
        } finally {
            publishedBy[id] = seq; // read by tearDown after join()
        }
    }

    @Benchmark
    public long batch(HandoffCounters counters) {
        long goal = target += BATCH;
        round = round + 1; // single writer; volatile store publishes the round to the producers
        if (waitStrategy != Wait.SPIN) {
            for (Thread t : producerThreads) {
                LockSupport.unpark(t);
            }
        }
        Drain.await(pipeline::processed, goal, waitStrategy, "events of the batch");
        counters.add(pipeline.counts());
        return goal;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        running = false;
        for (Thread t : producerThreads) {
            LockSupport.unpark(t);
        }
        for (Thread t : producerThreads) {
            t.join(TimeUnit.SECONDS.toMillis(10));
        }
        pipeline.halt();
        for (Thread t : producerThreads) {
            if (t.isAlive()) { // blocked on a full hop of a stuck pipeline
                t.interrupt();
                t.join(TimeUnit.SECONDS.toMillis(10));
            }
        }
        long published = 0;
        for (long n : publishedBy) {
            published += n;
        }
        String why = published == target ? null : "published " + published + " events, batches asked for " + target;
        if (why == null) {
            why = pipeline.verify(target, pipeline.orders().expectedChecksum(publishedBy));
        }
        if (why != null) {
            throw TrialFailure.report(transport + " (producers=" + producers + ", wait=" + wait + ", workers=" + workers
                    + "): " + why);
        }
    }
}
