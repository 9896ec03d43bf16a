package handoff.harness.jmh;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.Idler;
import handoff.queues.ThreadSource;
import handoff.queues.Transports;
import handoff.queues.Translator;
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
 * The hand-rolled Disruptor against LMAX 4.x, built through the same {@link Transports} registry and
 * {@link ChainSpec} so both get identical rings, producer types, wait strategies and threads. Three
 * topologies, after the LMAX performance tests:
 * <ul>
 * <li>{@link #oneToOne}: 1 producer, 1 consumer (single-producer sequencer);</li>
 * <li>{@link #threeToOne}: 3 producer threads, 1 consumer (multi-producer sequencer);</li>
 * <li>{@link #oneToThreePipeline}: 1 producer through 3 dependent stages.</li>
 * </ul>
 * One op publishes {@value #BATCH} events and waits until the last stage has handled them, so the
 * score is events per second and {@code gc.alloc.rate.norm} is bytes per event (JVM-wide: consumer
 * threads included). Events are pre-allocated slots holding one long: 0 B/event is the target.
 *
 * <p>{@code wait} defaults to {@code yield}: the pipeline runs 4 threads and 3P->1C runs 4, more than
 * a 2-CPU box has, where {@code spin} would measure the scheduler. Override with {@code -p wait=spin}
 * on a box with enough cores. {@code capacity} defaults to 65536, more than one op ever has in flight,
 * so the ring never fills and the figure is the hand-off itself; {@code -p capacity=1024} makes
 * producers wait on a full ring (where our producers back off per {@code wait} and LMAX's always park).
 *
 * <pre>
 * java -jar harness/target/benchmarks.jar DisruptorVsLmax -prof gc
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

    /** The slot: one long, written by the producer, bumped by middle stages, summed by the last. */
    public static final class Event {
        long value;
    }

    private static final Translator<Event> ONE = (e, a, b) -> e.value = a;

    /** A middle stage: writes the event, so the next stage depends on seeing that write. */
    private static final class Bump implements Handler<Event> {
        @Override
        public void onEvent(Event e, boolean endOfBatch) {
            e.value++;
        }
    }

    /** The last stage: folds every event into a sum checked at tear-down. */
    private static final class Sum implements Handler<Event> {
        long sum;

        @Override
        public void onEvent(Event e, boolean endOfBatch) {
            sum += e.value;
        }
    }

    @Param({"disruptor", "lmax"})
    public String impl;

    @Param({"yield"})
    public String wait;

    @Param({"65536"})
    public int capacity;

    private Chain<Event> chain;
    private Wait idle;
    private int stages;
    private Sum sum;
    /** Events published by completed ops: what processed() must reach before an op returns. */
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    @Setup(Level.Trial)
    public void start(BenchmarkParams params) {
        String benchmark = params.getBenchmark();
        int producers = benchmark.endsWith(".threeToOne") ? 3 : 1;
        stages = benchmark.endsWith(".oneToThreePipeline") ? 3 : 1;
        idle = Wait.parse(wait);
        List<Handler<Event>> handlers = new ArrayList<>();
        for (int i = 1; i < stages; i++) {
            handlers.add(new Bump());
        }
        sum = new Sum();
        handlers.add(sum);
        chain = Transports.get(impl).chain(new ChainSpec<>(capacity, producers, idle, Event::new, handlers,
                ThreadSource.DAEMON, failure -> failures.incrementAndGet()));
        chain.start();
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        chain.halt();
        long events = published.get();
        // The halt joined the stage threads, so their writes (sum) are visible here.
        if (failures.get() != 0 || chain.processed() != events || sum.sum != events * stages) {
            throw new IllegalStateException(impl + ": published " + events + ", processed " + chain.processed()
                    + ", sum " + sum.sum + " (expected " + events * stages + "), handler failures " + failures);
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

    private void publishBatchAndDrain() {
        Chain<Event> c = chain;
        for (int i = 0; i < BATCH; i++) {
            c.publish(ONE, 1, 0);
        }
        // Counted only once published: with 3 producer threads, the target never includes an event that
        // has not been published yet, so every thread's wait ends.
        long target = published.addAndGet(BATCH);
        int attempt = 0;
        while (c.processed() < target) {
            Idler.idle(idle, attempt++);
        }
    }
}
