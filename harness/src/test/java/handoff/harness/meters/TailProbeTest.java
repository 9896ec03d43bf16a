package handoff.harness.meters;

import handoff.harness.results.IntervalLog;
import handoff.harness.results.RunFolder;
import handoff.harness.results.SafepointLog;
import handoff.harness.results.SchedIntervals;
import handoff.harness.results.SchedLine;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

/** The probe in this JVM: a jitter log, scheduler lines for a role thread, and a safepoint log with a forced safepoint. */
class TailProbeTest {
    private static final String KEY = "rtt_abq_p1_b1_spin_f0";

    @TempDir
    Path run;

    @Test
    void recordsJitterSchedulerLinesAndSafepointsThroughTheWindow() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux /proc only");
        TrialThreads threads = new TrialThreads(List.of());
        CountDownLatch stop = new CountDownLatch(1);
        Thread producer = threads.newThread("producer-0", () -> {
            try {
                stop.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        producer.start();
        Thread.sleep(20); // registered

        TailProbe probe = TailProbe.forTrial(run, KEY, threads.activity());
        probe.begin(System.nanoTime(), 50_000_000);
        Thread.sleep(120);
        System.gc(); // a safepoint in the window
        Thread.sleep(120);
        probe.end(0, Integer.MAX_VALUE);
        Map<String, String> out = probe.write().asMap();
        stop.countDown();
        producer.join();

        assertThat(out).containsKeys("jitter_hlog", "sched_log");
        IntervalLog.Log jitter = IntervalLog.read(run.resolve(out.get("jitter_hlog")));
        assertThat(jitter.intervals()).hasSizeGreaterThanOrEqualTo(4);
        assertThat(jitter.intervals().get(0).histogram().getTotalCount()).isPositive();
        Map<Integer, SchedLine> sched = SchedIntervals.read(run.resolve(out.get("sched_log")));
        assertThat(sched).containsKeys(0, 1, 2, 3);
        assertThat(sched.get(1).producer().threads()).isEqualTo(1L);
        assertThat(sched.get(1).producer().runDelayMaxNs()).isNotNull();
        assertThat(sched.get(1).consumer().threads()).isEqualTo(0L);
        List<SafepointLog.Op> ops = SafepointLog.read(new RunFolder(run).logFile(KEY, SafepointLog.SUFFIX));
        assertThat(ops).as("the safepoint log, turned on from inside the JVM").isNotNull().isNotEmpty();
    }

    @Test
    void theSwitchTurnsItAllOff() throws Exception {
        System.setProperty(TailProbe.SWITCH, "off");
        try {
            TailProbe probe = TailProbe.forTrial(run, KEY, new TrialThreads(List.of()).activity());
            assertThat(probe).isSameAs(TailProbe.OFF);
            probe.begin(System.nanoTime(), 50_000_000);
            probe.end(0, Integer.MAX_VALUE);
            assertThat(probe.write().isEmpty()).isTrue();
            assertThat(run.resolve("hlog")).doesNotExist();
            assertThat(run.resolve("logs")).doesNotExist();
        } finally {
            System.clearProperty(TailProbe.SWITCH);
        }
    }
}
