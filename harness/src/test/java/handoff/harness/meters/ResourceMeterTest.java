package handoff.harness.meters;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** CPU is the trial threads' own CPU over exactly the window; heap growth is heap after collection. */
class ResourceMeterTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /**
     * A busy trial thread and a busy thread outside the trial (the JIT, the GC, setup on the main thread) run through
     * the window: the meter counts the first only, to within a few scheduler slices of its own CPU clock; the two threads' per-thread
     * CPU adds up to the process's over the same span; and the figure is in ns, not a whole number of 10 ms ticks.
     * Process CPU (the old figure) counted both threads.
     */
    @Test
    void cpuIsTheTrialThreadsOwnOverTheWindowAndAddsUpToTheProcess() throws Exception {
        Assumptions.assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "needs Linux /proc");
        TrialThreads threads = new TrialThreads(List.of());
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch running = new CountDownLatch(2);
        Runnable spin = () -> {
            running.countDown();
            long x = 0;
            while (!stop.get()) { // acquire load each turn
                x += System.nanoTime() & 1;
            }
            if (x == -1) {
                System.out.println(x);
            }
        };
        Thread trial = threads.newThread("stage-0", spin);
        Thread outside = new Thread(spin, "not-a-trial-thread");
        trial.start();
        outside.start();
        running.await();
        try (ResourceMeter meter = new ResourceMeter(threads)) {
            meter.begin();
            long trial0 = THREADS.getThreadCpuTime(trial.getId());
            long outside0 = THREADS.getThreadCpuTime(outside.getId());
            long process0 = OS.getProcessCpuTime();
            Thread.sleep(400);
            long process1 = OS.getProcessCpuTime();
            long trial1 = THREADS.getThreadCpuTime(trial.getId());
            long outside1 = THREADS.getThreadCpuTime(outside.getId());
            ResourceMeter.Usage u = meter.end();
            stop.set(true);
            trial.join();
            outside.join();
            long trialCpu = trial1 - trial0;
            long outsideCpu = outside1 - outside0;
            long processCpu = process1 - process0;
            assertThat(trialCpu).as("the busy trial thread ran").isGreaterThan(20_000_000L);
            // the meter's window encloses the test's own reads; on 2 CPUs with two spinners the main thread can wait
            // a few scheduler slices between them: ±40 ms, while the process's figure (the old one) is ~2× the thread's
            assertThat(u.cpuNanos()).as("the trial thread's own CPU, not the process's (%d ns)", processCpu)
                    .isBetween(trialCpu - 40_000_000L, trialCpu + 40_000_000L);
            assertThat(u.cpuNanos()).isLessThan(processCpu - outsideCpu / 2);
            // The JVM's own threads (JIT, GC, the test's main thread) also run in the span and, on a 2-CPU box with
            // two spinners, take CPU from them: the two threads are most of the process, never more than all of it.
            assertThat(trialCpu + outsideCpu).as("per-thread CPU adds up to the process's over the span")
                    .isBetween(processCpu * 3 / 4, processCpu + 20_000_000L);
            assertThat(u.cpuNanos() % 10_000_000L).as("ns resolution, not 10 ms ticks").isNotZero();
            assertThat(PerUnitUsage.PER_OP.properties(u.perUnit(1000)).get("cpu_ns_per_op")).isNotEmpty();
        } finally {
            stop.set(true);
        }
    }

    @Test
    void cpuIsEmptyNotZeroWhenItCannotBeRead() {
        ThreadActivity.Totals unknown = new ThreadActivity.Totals(SchedCounters.ZERO, SchedCounters.ZERO, false);
        ResourceMeter.Usage u = new ResourceMeter.Usage(0, 0, -1, 0, -1, 1, -1, new WhyMetrics(unknown, -1));
        assertThat(PerUnitUsage.PER_OP.properties(u.perUnit(10)).asMap()).containsEntry("cpu_ns_per_op", "").containsEntry("heap_growth_bytes", "")
                .containsEntry("gc_max_pause_ms", "");
    }

    /**
     * A bounded queue of 1,024 small events kept full while its producer allocates ~256 MiB of short-lived garbage:
     * the heap after collection stays flat (the queue's slots), though eden filled and emptied many times (the pools' peaks, the old
     * figure, rose by eden's size). Data kept alive past the window does show as growth.
     */
    @Test
    void heapGrowthIsFlatForABoundedQueueAndShowsRetainedData() throws Exception {
        TrialThreads threads = new TrialThreads(List.of());
        ArrayBlockingQueue<Object> queue = new ArrayBlockingQueue<>(1024);
        List<byte[]> retained = new ArrayList<>();
        long flat;
        long grown;
        try (ResourceMeter meter = new ResourceMeter(threads)) {
            meter.begin();
            churn(queue, 256L << 20);
            flat = meter.end().heapGrowthBytes();
        }
        try (ResourceMeter meter = new ResourceMeter(threads)) {
            meter.begin();
            for (int i = 0; i < 32; i++) {
                retained.add(new byte[1 << 20]);
            }
            grown = meter.end().heapGrowthBytes();
        }
        assertThat(retained).hasSize(32); // alive past end()
        assertThat(flat).as("bounded queue under churn").isBetween(0L, 2L << 20);
        assertThat(grown).as("32 MiB kept alive").isGreaterThanOrEqualTo(28L << 20);
    }

    private static void churn(ArrayBlockingQueue<Object> queue, long bytes) {
        long seq = 0;
        for (long made = 0; made < bytes; made += 4096) {
            byte[] garbage = new byte[4096 - 16]; // dies at once
            garbage[0] = (byte) seq;
            Object event = Long.valueOf(seq++ + garbage[0]); // a small event, held while in the queue
            if (!queue.offer(event)) {
                queue.poll();
                queue.offer(event);
            }
        }
    }
}
