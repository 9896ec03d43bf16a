package handoff.queues.disruptor;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The processor's life cycle driven by hand, as a user of the raw API may (the {@code Disruptor} DSL
 * starts each processor once and joins on halt). The joins with a limit only bound how long a hang is
 * waited for: a correct processor ends them at once.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BatchEventProcessorTest {
    private static final long HANG_MS = 20_000;

    private final RingBuffer<LongEvent> ring =
            RingBuffer.createSingleProducer(LongEvent::new, 8, new BlockingWaitStrategy());
    /** How often each sequence was handled. */
    private final AtomicLongArray handled = new AtomicLongArray(64);
    private final CountDownLatch inFirstEvent = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final BatchEventProcessor<LongEvent> processor = new BatchEventProcessor<>(ring, ring.newBarrier(),
            (e, seq, eob) -> {
                if (seq == 0) {
                    inFirstEvent.countDown();
                    release.await();
                }
                handled.incrementAndGet((int) seq);
            });
    private final List<Thread> threads = new ArrayList<>();

    BatchEventProcessorTest() {
        ring.addGatingSequences(processor.sequence());
    }

    private Thread start(String name, Runnable body) {
        Thread t = new Thread(body, "test-" + name);
        t.setDaemon(true); // a runner left behind by a failed test must not keep the JVM alive
        threads.add(t);
        t.start();
        return t;
    }

    private void publish(long value) {
        long seq = ring.next();
        ring.get(seq).value = value;
        ring.publish(seq);
    }

    @AfterEach
    void stopEverything() throws InterruptedException {
        release.countDown();
        processor.halt();
        for (Thread t : threads) {
            t.join(HANG_MS);
        }
    }

    /**
     * Issue 21: a halt while the runner is still in its batch used to leave a window in which a second
     * run() reset the state to idle (it took the "halted before start" path) and a third one started
     * beside the first, clearing the alert the first was about to see: two runners, each event twice.
     */
    @Test
    void aRunWhileAHaltedRunnerFinishesItsBatchIsRefusedAndTheRunnerStops() throws Exception {
        Thread first = start("first", processor);
        publish(0);
        inFirstEvent.await();
        processor.halt(); // the first runner is inside its batch: it has not seen the halt yet

        AtomicInteger refused = new AtomicInteger();
        Runnable restart = () -> {
            try {
                processor.run();
            } catch (IllegalStateException expected) {
                assertThat(expected).hasMessageContaining("already running");
                refused.incrementAndGet();
            }
        };
        for (String name : new String[] {"second", "third"}) {
            start(name, restart).join(HANG_MS);
        }
        assertThat(refused).as("run() while another thread still runs the processor").hasValue(2);
        assertThat(processor.isRunning()).as("halted, still in its batch").isTrue();

        release.countDown();
        first.join(HANG_MS);
        assertThat(first.isAlive()).as("the halted runner has stopped").isFalse();
        assertThat(processor.isRunning()).isFalse();
        assertThat(handled.get(0)).isEqualTo(1);
    }

    /** After the runner has left run(), the processor runs again and resumes after what it handled. */
    @Test
    void aHaltedProcessorRunsAgainFromWhereItStopped() throws Exception {
        release.countDown();
        Thread first = start("first", processor);
        publish(0);
        awaitHandled(0);
        processor.halt();
        first.join(HANG_MS);
        assertThat(first.isAlive()).isFalse();

        publish(1);
        Thread second = start("second", processor);
        awaitHandled(1);
        processor.halt();
        second.join(HANG_MS);
        assertThat(second.isAlive()).isFalse();
        assertThat(handled.get(0)).isEqualTo(1);
        assertThat(handled.get(1)).isEqualTo(1);
    }

    /** A halt while nobody runs the processor is honoured by the next run() only, which returns at once. */
    @Test
    void aHaltBeforeRunIsHonouredOnceAndTheProcessorStaysRunnable() throws Exception {
        release.countDown();
        processor.halt();
        processor.halt(); // idempotent
        processor.run();  // returns at once, on this thread
        assertThat(processor.isRunning()).isFalse();

        publish(0);
        Thread runner = start("runner", processor);
        awaitHandled(0);
        processor.halt();
        runner.join(HANG_MS);
        assertThat(runner.isAlive()).isFalse();
    }

    /** A halt racing with the start of run() (before or after it clears the alert) is never lost. */
    @Test
    void aHaltRacingWithTheStartIsNeverLost() throws Exception {
        release.countDown();
        for (int i = 0; i < 500; i++) {
            Thread runner = start("runner-" + i, processor);
            if (i % 2 == 0) {
                Thread.onSpinWait(); // vary where in run() the halt lands
            }
            processor.halt();
            runner.join(HANG_MS);
            assertThat(runner.isAlive()).as("runner %d stopped", i).isFalse();
            threads.remove(runner);
        }
    }

    private void awaitHandled(long seq) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANG_MS);
        while (processor.sequence().get() < seq) {
            assertThat(System.nanoTime() - deadline).as("sequence %d handled", seq).isNegative();
            Thread.sleep(1);
        }
    }
}
