package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.ThreadSource;
import handoff.queues.Translator;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Chain#offer} and {@link Chain#discardOldest}, deterministically: the first stage holds its first event
 * behind a gate, so the chain fills and stays full until the test opens it; no timing is asserted.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OfferAndDiscardTest {
    private static final int CAPACITY = 4;
    private static final Translator<long[]> FILL = (e, value, unused) -> e[0] = value;

    static Stream<String> bounded() {
        return Transports.all().stream().filter(t -> t.pipelineCapable() && t.bounded()).map(Transport::id);
    }

    /** A two-stage chain whose first stage marks each event started, then waits for the gate; the second sums. */
    private static final class Gated {
        final CountDownLatch gate = new CountDownLatch(1);
        final CountDownLatch firstHeld = new CountDownLatch(1);
        final AtomicLong sum = new AtomicLong();
        final Chain<long[]> chain;

        Gated(Transport t) {
            Handler<long[]> hold = (e, end) -> {
                e[1] = 1; // started
                firstHeld.countDown();
                awaitQuietly(gate);
            };
            Handler<long[]> add = (e, end) -> sum.addAndGet(e[0]);
            Wait wait = t.waits().contains(Wait.PARK) ? Wait.PARK : Wait.NATIVE;
            chain = t.chain(new ChainSpec<long[]>(CAPACITY, 1, wait, () -> new long[2], List.of(hold, add),
                    ThreadSource.DAEMON, err -> { }));
            chain.start();
        }

        void releaseAndDrain(long expectedCount) throws InterruptedException {
            gate.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (chain.processed() < expectedCount && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            chain.halt();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @ParameterizedTest
    @MethodSource("bounded")
    void offerRefusesWhenFullWithAndWithoutATimeoutAndLosesNothingItAccepted(String id) throws InterruptedException {
        Gated g = new Gated(Transports.get(id));
        assertThat(g.chain.offer(FILL, 1, 0, 0)).isTrue();
        g.firstHeld.await(); // from here on the chain can only fill up
        long accepted = 1;
        long expected = 1;
        for (long v = 2; v <= 100_000 && g.chain.offer(FILL, v, 0, 0); v++) {
            accepted++;
            expected += v;
        }
        assertThat(accepted).as("a bounded chain whose first stage is stuck must refuse").isLessThan(100_000).isPositive();
        assertThat(g.chain.offer(FILL, 1_000_000, 0, TimeUnit.MILLISECONDS.toNanos(5))).isFalse();
        g.releaseAndDrain(accepted);
        assertThat(g.chain.processed()).isEqualTo(accepted);
        assertThat(g.sum.get()).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("bounded")
    void discardOldestTakesTheHeadOfTheFirstHopNeverTheEventAStageHolds(String id) throws InterruptedException {
        Transport t = Transports.get(id);
        if (t.discardOldestUnsupported() != null) {
            assertThat(t.discardOldestUnsupported()).startsWith(id);
            return;
        }
        Gated g = new Gated(t);
        assertThat(g.chain.offer(FILL, 1, 0, 0)).isTrue();
        g.firstHeld.await(); // event 1 is now in the first stage's hands
        long accepted = 1;
        long expected = 1;
        for (long v = 2; g.chain.offer(FILL, v, 0, 0); v++) {
            accepted++;
            expected += v;
        }
        long[] oldest = g.chain.discardOldest();
        assertThat(oldest[0]).as("the oldest event not yet started").isEqualTo(2);
        assertThat(oldest[1]).as("no stage started it").isZero();
        g.releaseAndDrain(accepted - 1);
        assertThat(g.chain.processed()).isEqualTo(accepted - 1);
        assertThat(g.sum.get()).isEqualTo(expected - 2);
    }

    @Test
    void onlyMultiConsumerQueuesCanTakeAnEventBack() {
        assertThat(Transports.all().stream().filter(t -> t.pipelineCapable() && t.discardOldestUnsupported() == null)
                .map(Transport::id)).containsExactlyInAnyOrder("abq", "lbq", "clq");
        assertThat(Transports.get("clq").bounded()).isFalse();
    }
}
