package handoff.harness.overload;

import handoff.pipelines.overload.OverloadPolicy;
import handoff.queues.FaultyTransport;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Overload runs far above what the pipeline can take (heavy stage work, tiny hops): the accounting identity holds
 * for every policy, a lost event fails the run, drop-old never discards a started event, and the drain delivers
 * every accepted event. Nothing here depends on how fast the box is: what overload does to the numbers is not asserted.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class OverloadRunTest {
    /** Far above saturation with work 200 on any box this runs on; the assertions hold at any rate. */
    private static final double RATE = 400_000;

    static Stream<Arguments> policies() {
        return Stream.of("abq", "disruptor", "clq", "flow").flatMap(id -> OverloadSuite.policies(Transports.get(id)).stream()
                .map(p -> Arguments.of(id, p)));
    }

    private static OverloadRun.Config config(Transport t, OverloadPolicy p, int producers, Duration stuckAfter) {
        return config(t, p, producers, stuckAfter, 0);
    }

    /** {@code minOffers}: so that a fault at the n-th publish fires even on a box too busy to reach it in the window. */
    private static OverloadRun.Config config(Transport t, OverloadPolicy p, int producers, Duration stuckAfter, long minOffers) {
        Wait wait = t.waits().contains(Wait.PARK) ? Wait.PARK : Wait.NATIVE;
        return new OverloadRun.Config(t, p, producers, wait, 200, 8, RATE, Duration.ofMillis(20), Duration.ofMillis(150),
                Duration.ofNanos(50_000), Duration.ofSeconds(60), stuckAfter, ThreadSource.DAEMON, minOffers);
    }

    @ParameterizedTest
    @MethodSource("policies")
    void everyOfferedEventIsCompletedRejectedOrDiscardedExactly(String id, OverloadPolicy policy) throws InterruptedException {
        OverloadRun.Result r = OverloadRun.run(config(Transports.get(id), policy, 2, Duration.ofSeconds(30)));
        assertThat(r.failure()).isNull();
        assertThat(r.offered()).isPositive();
        assertThat(r.completed() + r.rejected() + r.discarded()).isEqualTo(r.offered());
        if (policy == OverloadPolicy.BLOCK || policy == OverloadPolicy.UNBOUNDED) {
            assertThat(r.rejected() + r.discarded()).isZero();
        }
        if (policy != OverloadPolicy.DROP_OLD) {
            assertThat(r.discarded()).isZero();
        }
        if (policy != OverloadPolicy.TIMEOUT && policy != OverloadPolicy.DROP_NEW) {
            assertThat(r.rejected()).isZero();
        }
        assertThat(r.latency().getTotalCount()).isLessThanOrEqualTo(r.completed());
        assertThat(r.goodputEps()).as("goodput never above offered").isLessThanOrEqualTo(r.config().rateEps());
    }

    /**
     * Far above saturation a blocking producer never reaches most of the window's events: they are reported as
     * censored (at least stop − intended), not left out; with completed + censored every window event is counted
     * once, so the latency the row reports cannot look better by leaving out what was never sent.
     */
    @Test
    void neverSentEventsAreCensoredNotLeftOut() throws InterruptedException {
        OverloadRun.Result r = OverloadRun.run(config(Transports.get("abq"), OverloadPolicy.BLOCK, 1, Duration.ofSeconds(30)));
        assertThat(r.failure()).isNull();
        assertThat(r.due()).isGreaterThan(r.offered());
        assertThat(r.censored().getTotalCount()).isPositive();
        // the events due in the reported (steady, or second-half) part of the window; warmupMs is whole ms: ±1 ms of events
        long duePart = (long) (RATE * (0.150 - r.warmupMs() / 1000.0));
        assertThat(r.latency().getTotalCount() + r.censored().getTotalCount()).as("reported part's events, each counted once")
                .isBetween(duePart - (long) (RATE / 1000) - 2, duePart + 2);
        assertThat(r.goodputEps()).isLessThan(r.config().rateEps());
    }

    /**
     * A blocking producer far behind its schedule spends the window on events due before it: those attempts are the
     * stall to report (they were once left out, as if a producer blocked all window long never stalled).
     */
    @Test
    void aProducerBehindItsScheduleReportsItsStall() throws InterruptedException {
        OverloadRun.Result r = OverloadRun.run(config(Transports.get("abq"), OverloadPolicy.BLOCK, 1, Duration.ofSeconds(30)));
        assertThat(r.failure()).isNull();
        assertThat(r.stall().getTotalCount()).isPositive();
        assertThat(r.stalledNanos()).isPositive();
    }

    @Test
    void aLostEventFailsTheRun() throws InterruptedException {
        Transport lossy = FaultyTransport.of(Transports.get("abq"), FaultyTransport.Fault.DROP, 5);
        OverloadRun.Result r = OverloadRun.run(config(lossy, OverloadPolicy.DROP_NEW, 1, Duration.ofMillis(500), 10));
        assertThat(r.ok()).isFalse();
        assertThat(r.failure()).containsAnyOf("lost", "unaccounted");
    }

    @Test
    void aDuplicatedEventFailsTheRun() throws InterruptedException {
        Transport dup = FaultyTransport.of(Transports.get("disruptor"), FaultyTransport.Fault.DUPLICATE, 5);
        OverloadRun.Result r = OverloadRun.run(config(dup, OverloadPolicy.BLOCK, 1, Duration.ofSeconds(30), 10));
        assertThat(r.ok()).isFalse();
    }

    @Test
    void dropOldDiscardsOnlyEventsNoStageStartedAndTheRunSaysSo() throws InterruptedException {
        // Accounting.verify fails a run whose ledger saw a discarded event past PUBLISHED; lbq as well as abq
        for (String id : new String[] {"abq", "lbq"}) {
            OverloadRun.Result r = OverloadRun.run(config(Transports.get(id), OverloadPolicy.DROP_OLD, 2, Duration.ofSeconds(30)));
            assertThat(r.failure()).as(id).isNull();
            assertThat(r.completed() + r.discarded()).isEqualTo(r.offered());
        }
    }

    @Test
    void theDrainDeliversEveryAcceptedEventBeforeTheThreadsExit() throws InterruptedException {
        OverloadRun.Result r = OverloadRun.run(config(Transports.get("clq"), OverloadPolicy.UNBOUNDED, 1, Duration.ofSeconds(30)));
        assertThat(r.failure()).isNull();
        assertThat(r.completed()).isEqualTo(r.offered());
        assertThat(r.drainNanos()).isPositive();
    }

    @Test
    void policiesAreNotApplicableWithAReason() {
        assertThat(OverloadPolicy.DROP_OLD.unsupported(Transports.get("disruptor"))).contains("ring");
        assertThat(OverloadPolicy.DROP_OLD.unsupported(Transports.get("mtoca"))).contains("single-consumer");
        assertThat(OverloadPolicy.DROP_OLD.unsupported(Transports.get("flow"))).contains("private");
        assertThat(OverloadPolicy.UNBOUNDED.unsupported(Transports.get("abq"))).contains("bounded");
        assertThat(OverloadPolicy.BLOCK.unsupported(Transports.get("clq"))).contains("unbounded");
        assertThat(OverloadSuite.policies(Transports.get("clq"))).containsExactly(OverloadPolicy.UNBOUNDED);
    }
}
