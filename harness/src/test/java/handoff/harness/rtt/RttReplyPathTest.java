package handoff.harness.rtt;

import handoff.harness.testing.SlowFirstStage;
import handoff.harness.meters.TrialThreads;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The reply path is one fixed busy-poll for every row, and the null transport's row measures what it costs. */
class RttReplyPathTest {
    private static final long WARM = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long MEASURE = TimeUnit.MILLISECONDS.toNanos(300);

    @Test
    void theNullTransportRowExistsAndMeasures() throws Exception {
        Transport nul = Transports.get("null");
        assertThat(nul.pipelineCapable()).isFalse();
        assertThat(nul.unsupported(Wait.BLOCK, 1)).isNull();
        for (int burst : List.of(1, 100)) {
            RttRun.Result r = RttRun.run(nul, 1, burst, Wait.BLOCK, 64, WARM, MEASURE, 0, new TrialThreads(List.of()));
            assertThat(r.failure()).isNull();
            assertThat(r.bursts()).isPositive();
            assertThat(r.messages()).isEqualTo(r.bursts() * burst);
            assertThat(r.histogram().getTotalCount()).isEqualTo(r.bursts());
        }
    }

    @Test
    void theNullRowRunsNoConsumerThread() {
        var suite = new RttSuite();
        var spec = new handoff.harness.trial.TrialSpec("rtt", handoff.harness.results.TrialProperties.of(Map.of("transport", "null", "producers", "1")), handoff.harness.results.TrialProperties.empty());
        assertThat(suite.threads(spec)).isEqualTo(1);
    }

    /**
     * A block row's producer waits for its reply by spinning, never in the harness's park back-off: while the
     * consumer holds each reply back for 20 ms, the producer's stack is sampled and must never be in
     * {@code Idler} or parked (it was, nearly always, when the reply wait went through {@code Idler.idle(wait, ..)}).
     */
    @Test
    void aBlockRowsReplyWaitNeverParks() throws Exception {
        TrialThreads threads = new TrialThreads(List.of());
        AtomicReference<RttRun.Result> result = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                result.set(RttRun.run(new SlowFirstStage(Transports.get("abq"), "", "sleeps 20 ms", SlowFirstStage.sleep(20)), 1, 1, Wait.BLOCK, 64, 0,
                        TimeUnit.MILLISECONDS.toNanos(400), 0, threads));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        runner.start();
        int samples = 0;
        int parked = 0;
        while (runner.isAlive()) {
            for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
                if (e.getKey().getName().equals("producer-0") && inReplyWait(e.getValue())) {
                    samples++;
                    if (parkedOrIdling(e.getValue())) {
                        parked++;
                    }
                }
            }
            Thread.sleep(2);
        }
        runner.join();
        assertThat(result.get().failure()).isNull();
        assertThat(samples).as("the producer was seen waiting for its reply").isGreaterThan(10);
        assertThat(parked).as("samples of the reply wait that were parked or in Idler, of " + samples).isZero();
    }

    private static boolean inReplyWait(StackTraceElement[] stack) {
        boolean producing = false;
        for (StackTraceElement f : stack) {
            if (f.getClassName().startsWith("java.util.concurrent.ArrayBlockingQueue")) {
                return false; // in the send path, where a block row may park legitimately
            }
            producing |= f.getMethodName().equals("sendBursts");
        }
        return producing;
    }

    private static boolean parkedOrIdling(StackTraceElement[] stack) {
        for (StackTraceElement f : stack) {
            if (f.getClassName().equals("handoff.queues.Idler") || f.getClassName().equals("java.util.concurrent.locks.LockSupport")) {
                return true;
            }
        }
        return false;
    }

}
