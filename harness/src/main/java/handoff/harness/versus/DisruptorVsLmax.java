package handoff.harness.versus;

import handoff.queues.Handler;
import handoff.queues.Idler;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The hand-rolled Disruptor against LMAX 4.x in the five {@link Topology}s of LMAX's performance tests, each
 * wired the same way on both rings ({@link OursRig}, {@link LmaxRig}): 1P→1C, 3P→1C, a 1P→3-stage pipeline,
 * 1P→3C multicast and a diamond (two consumers in parallel, then one after both).
 *
 * <p>One op publishes {@value #BATCH} events from each producer thread and waits until every leaf handler has
 * handled them, so the score is events per second and {@code gc.alloc.rate.norm} is bytes per event
 * (JVM-wide: handler threads included). Events are pre-allocated slots: 0 B/event is the target.
 *
 * <p>{@code wait} is a {@link Policy} id: {@code yield} (default), {@code spin}, {@code park}, {@code block},
 * or one of them with {@code -likeours}, where LMAX gets our idle policy. 3P→1C and the 3-consumer
 * topologies run 4 threads: on a 2-CPU box {@code spin} there measures the scheduler. {@code capacity} is
 * 65536, more than one op ever has in flight, so the ring never fills and the figure is the hand-off itself.
 *
 * <p>{@code publishBatch} (1P→1C only) claims and publishes that many slots per call; {@code impl=padded} and
 * {@code impl=unpadded} run the false-sharing control's ring ({@link PairRig}) instead of a Disruptor ({@link Bench}).
 *
 * <p>The {@code disruptor} suite ({@link DisruptorSuite}) runs one fork per JVM, the two sides interleaved;
 * by hand:
 * <pre>
 * java -jar harness/target/benchmarks.jar 'DisruptorVsLmax.oneToOne$' -p impl=disruptor -p wait=yield -f 1 -prof gc
 * java -jar harness/target/benchmarks.jar 'DisruptorVsLmax.oneToOne$' -p impl=disruptor,lmax -p publishBatch=1,10,100 -f 1
 * java -jar harness/target/benchmarks.jar 'DisruptorVsLmax.oneToOne$' -p impl=padded,unpadded -f 1
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@OperationsPerInvocation(DisruptorVsLmax.BATCH)
@State(Scope.Benchmark)
public class DisruptorVsLmax {
    static final int BATCH = 10_000;

    /** A pipeline's middle stage: writes the event, so the next stage depends on seeing that write. */
    private static final class Bump implements Handler<Event> {
        @Override
        public void onEvent(Event e, boolean endOfBatch) {
            e.value++;
        }
    }

    /** One side of a diamond: copies the value into its own field for the stage that joins both sides. */
    private static final class Copy implements Handler<Event> {
        private final boolean left;

        Copy(boolean left) {
            this.left = left;
        }

        @Override
        public void onEvent(Event e, boolean endOfBatch) {
            if (left) {
                e.left = e.value;
            } else {
                e.right = e.value;
            }
        }
    }

    /** A leaf: folds every event into a sum checked at tear-down. */
    private static final class Sum implements Handler<Event> {
        long sum;

        @Override
        public void onEvent(Event e, boolean endOfBatch) {
            sum += e.value + e.left + e.right;
        }
    }

    @Param({"disruptor", "lmax"})
    public String impl;

    @Param({"yield"})
    public String wait;

    @Param({"65536"})
    public int capacity;

    /**
     * Slots the producer claims and publishes per call ({@code next(n)}, {@code publish(lo, hi)}); 1: {@code next()}
     * and {@code publish(seq)} per event. Must divide {@value #BATCH}.
     */
    @Param({"1"})
    public int publishBatch;

    private RingRig rig;
    private Wait idle;
    private final List<Sum> sums = new ArrayList<>();
    /** What each leaf's sum gains per event: 3 after a pipeline's two bumps or a diamond's two copies. */
    private long perEvent;
    /** Events published by completed ops: what processed() must reach before an op returns. */
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    @Setup(Level.Trial)
    public void start(BenchmarkParams params) {
        String benchmark = params.getBenchmark();
        Topology topology = Topology.byMethod(benchmark.substring(benchmark.lastIndexOf('.') + 1));
        Policy policy = Policy.parse(wait);
        new Bench(topology, publishBatch, false); // refuses a batch that does not divide an op, or outside 1P→1C
        idle = policy.idle();
        List<Handler<Event>> handlers = new ArrayList<>();
        for (int i = 0; i < topology.handlers(); i++) {
            handlers.add(topology.leaf(i) ? newSum() : topology == Topology.DIAMOND_1P3C ? new Copy(i == 0) : new Bump());
        }
        perEvent = topology == Topology.PIPELINE_1P3C || topology == Topology.DIAMOND_1P3C ? 3 : 1;
        rig = RingRig.of(impl, topology, handlers, policy, capacity, failure -> failures.incrementAndGet());
    }

    private Sum newSum() {
        Sum s = new Sum();
        sums.add(s);
        return s;
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        rig.halt();
        long events = published.get();
        // The halt joined the handler threads, so their writes (the sums) are visible here.
        boolean sumsOk = sums.stream().allMatch(s -> s.sum == events * perEvent);
        if (failures.get() != 0 || rig.processed() != events || !sumsOk) {
            StringBuilder got = new StringBuilder();
            sums.forEach(s -> got.append(' ').append(s.sum));
            throw new IllegalStateException(impl + ": published " + events + ", processed " + rig.processed()
                    + ", sums" + got + " (expected " + events * perEvent + " each), handler failures " + failures);
        }
    }

    @Benchmark
    @Threads(1)
    public void oneToOne() {
        publishBatchAndDrain();
    }

    @Benchmark
    @Threads(3)
    public void threeToOne() {
        publishBatchAndDrain();
    }

    @Benchmark
    @Threads(1)
    public void oneToThreePipeline() {
        publishBatchAndDrain();
    }

    @Benchmark
    @Threads(1)
    public void oneToThreeMulticast() {
        publishBatchAndDrain();
    }

    @Benchmark
    @Threads(1)
    public void oneToThreeDiamond() {
        publishBatchAndDrain();
    }

    private void publishBatchAndDrain() {
        RingRig r = rig;
        int n = publishBatch;
        if (n == 1) {
            for (int i = 0; i < BATCH; i++) {
                r.publish(1);
            }
        } else {
            for (int i = 0; i < BATCH; i += n) {
                r.publishBatch(1, n);
            }
        }
        // Counted only once published: with 3 producer threads, the target never includes an event that
        // has not been published yet, so every thread's wait ends.
        long target = published.addAndGet(BATCH);
        int attempt = 0;
        while (r.processed() < target) {
            Idler.idle(idle, attempt++);
        }
    }
}
