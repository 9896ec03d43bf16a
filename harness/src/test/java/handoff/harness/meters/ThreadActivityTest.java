package handoff.harness.meters;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

/** Context switches and CPU of a trial's own threads, by role, including threads that exit in the window. */
class ThreadActivityTest {
    @Test
    void sleepingThreadsSwitchVoluntarilyAndAreCountedByRoleEvenAfterTheyExit() throws Exception {
        Assumptions.assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "needs Linux /proc");
        TrialThreads threads = new TrialThreads(List.of());
        CountDownLatch started = new CountDownLatch(2);
        CountDownLatch go = new CountDownLatch(1);
        Runnable sleeper = () -> {
            started.countDown();
            try {
                go.await();
                for (int i = 0; i < 20; i++) {
                    Thread.sleep(1); // each sleep gives the CPU up: one voluntary switch at least
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        Thread producer = threads.newThread("producer-0", sleeper);
        Thread stage = threads.newThread("stage-0", sleeper);
        producer.start();
        stage.start();
        started.await();
        ThreadActivity.Snapshot before = threads.activity().snapshot();
        go.countDown();
        producer.join();
        stage.join(); // both exited: their final counters must still count
        ThreadActivity.Totals t = threads.activity().between(before, threads.activity().snapshot());
        assertThat(t.known()).isTrue();
        assertThat(t.producers().voluntary()).isGreaterThanOrEqualTo(20);
        assertThat(t.consumers().voluntary()).isGreaterThanOrEqualTo(20);
        assertThat(t.all().voluntary()).isEqualTo(t.producers().voluntary() + t.consumers().voluntary());
        assertThat(t.producers().cpuNanos()).isPositive();

        WhyMetrics why = new WhyMetrics(t, 3);
        assertThat(WhyMetrics.PerOp.CODEC.properties(why.perOp(20)).asMap()).containsOnlyKeys(WhyMetrics.COLUMNS)
                .containsEntry("safepoint_ms", "3");
        assertThat(why.perOp(20).vcswPerOp()).isGreaterThanOrEqualTo(2.0);
    }
}
