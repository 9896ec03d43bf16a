package handoff.harness.unicast;

import handoff.harness.jmh.Drain;
import handoff.harness.jmh.TrialFailure;

import handoff.harness.trial.FaultInjection;
import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.ThreadSource;
import handoff.queues.Translator;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One producer, one consumer, no stages: how long it takes to move {@code items} items, from the first
 * publish until the consumer has counted the last one (the "time to publish N items" comparison of Flow
 * against the Disruptor). The benchmark thread is the producer; the consumer is the chain's only handler,
 * which counts and sums what it receives.
 *
 * <p>Events as a user of each family would have them: queue transports (and Flow) allocate one small
 * {@link Item} per item through the chain's factory; ring transports allocate one per slot at start-up and
 * reuse it, so they allocate nothing per item. That difference is part of what is measured, not hidden;
 * {@code -prof gc} shows it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
        "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class UnicastPublish {
    /** A non-capturing static translator: nothing is allocated per publish on rings. */
    private static final Translator<Item> SET_VALUE = (item, value, unused) -> item.value = value;

    @Param("abq")
    public String transport;
    @Param("park")
    public String wait;
    @Param({"5000", "50000", "500000", "5000000"})
    public int items;
    @Param("1024")
    public int capacity;

    private Chain<Item> chain;
    private Counter counter;
    private Wait waitStrategy;
    private final AtomicReference<Throwable> error = new AtomicReference<>();
    private long target;

    /** The event: one long, as small as an event gets. */
    public static final class Item {
        long value;
    }

    /** The consumer: owned by the chain's thread; read after halt(). */
    static final class Counter implements Handler<Item> {
        long count;
        long sum;

        @Override
        public void onEvent(Item item, boolean endOfBatch) {
            count++;
            sum += item.value;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        Transport t = FaultInjection.fromSystemProperty(Transports.get(transport));
        waitStrategy = Wait.parse(wait);
        String why = t.unsupported(waitStrategy, 1);
        if (why != null) {
            throw TrialFailure.report(why);
        }
        counter = new Counter();
        chain = t.chain(new ChainSpec<>(capacity, 1, waitStrategy, Item::new, List.of(counter),
                ThreadSource.DAEMON, e -> error.compareAndSet(null, e)));
        chain.start();
    }

    @Benchmark
    public long publish() {
        for (int i = 0; i < items; i++) {
            chain.publish(SET_VALUE, i, 0);
        }
        long goal = target += items;
        Drain.await(chain::processed, goal, waitStrategy, "items");
        return goal;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        chain.halt();
        long ops = target / items;
        long expectedSum = ops * ((long) items * (items - 1) / 2);
        if (error.get() != null || counter.count != target || counter.sum != expectedSum) {
            throw TrialFailure.report(transport + ": consumer counted " + counter.count + " of " + target
                    + " items, sum " + counter.sum + " (expected " + expectedSum + "), error " + error.get());
        }
    }
}
