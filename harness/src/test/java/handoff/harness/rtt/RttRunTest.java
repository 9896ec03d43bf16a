package handoff.harness.rtt;

import handoff.harness.testing.SlowFirstStage;
import handoff.harness.trial.FaultInjection;
import handoff.harness.trial.TrialContext;
import handoff.harness.meters.TrialThreads;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import handoff.queues.ProducerModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The RTT harness's accounting: delays show up, every burst gets exactly one reply, faults are caught. */
class RttRunTest {
    private static final long WARM = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long MEASURE = TimeUnit.MILLISECONDS.toNanos(400);

    @Test
    void anInjectedDelayShowsUpInTheRoundTrip() throws Exception {
        // 2 ms: since the reply wait spins for every row, a producer holds its CPU through the round trip, and on
        // a 2-CPU box at load 10 (seen) no plain round trip came in under 0.5 ms
        long delay = TimeUnit.MILLISECONDS.toNanos(2);
        RttRun.Result plain = RttRun.run(Transports.get("abq"), 1, 1, Wait.PARK, 64, WARM, MEASURE, 0, threads());
        RttRun.Result slow = RttRun.run(new SlowFirstStage(Transports.get("abq"), "", "spins " + delay + " ns", SlowFirstStage.spin(delay)), 1, 1, Wait.PARK, 64, WARM, MEASURE, 0, threads());
        assertThat(plain.failure()).isNull();
        assertThat(slow.failure()).isNull();
        // minima, not medians: on a loaded box a median is a scheduler quantum (seen: 4 ms), a minimum is not
        // the histogram stores a value to its bucket's lowest equivalent (1999872 for 2 ms at its precision)
        assertThat(slow.histogram().getMinValue()).as("no round trip can beat the delay")
                .isGreaterThanOrEqualTo(slow.histogram().lowestEquivalentValue(delay));
        assertThat(plain.histogram().getMinValue()).as("without it, some round trip does").isLessThan(delay);
        assertThat(slow.bursts()).as("about one burst per delay").isLessThanOrEqualTo(MEASURE / delay + 1);
    }

    @Test
    void everyBurstGetsExactlyOneReplyAndEveryMessageArrives() throws Exception {
        for (int producers : List.of(1, 2)) {
            RttRun.Result r = RttRun.run(Transports.get("jctools"), producers, 10, Wait.PARK, 64, WARM, MEASURE, 0, threads());
            assertThat(r.failure()).isNull();
            assertThat(r.bursts()).isPositive();
            assertThat(r.messages()).isEqualTo(r.bursts() * 10);
            assertThat(r.histogram().getTotalCount()).isEqualTo(r.bursts());
        }
    }

    /**
     * The transports the published tables add (and the floor beside them): every message of every burst
     * arrives once and every burst gets its reply, with one producer and, where allowed, three; both message
     * models.
     */
    @ParameterizedTest(name = "{0} producers={1} {2}")
    @CsvSource({"baseline,1,pooled", "otoca,1,pooled", "otorb,1,pooled", "mtorb,1,pooled", "mtorb,3,pooled",
            "aeron-ipc,1,pooled", "aeron-ipc,3,pooled", "abq,3,allocated", "lmax,1,allocated"})
    void newTransportsAnswerEveryBurstOnce(String id, int producers, String messages) throws Exception {
        RttRun.Result r = RttRun.run(Transports.get(id), producers, 10, Wait.PARK, 64, null,
                RttMessages.parse(messages), WARM, MEASURE, 0, threads());
        assertThat(r.failure()).isNull();
        assertThat(r.bursts()).isPositive();
        assertThat(r.messages()).isEqualTo(r.bursts() * 10);
        assertThat(r.histogram().getTotalCount()).isEqualTo(r.bursts());
    }

    @Test
    void aMultiProducerRingWithOneProducerRuns() throws Exception {
        RttRun.Result r = RttRun.run(Transports.get("disruptor"), 1, 100, Wait.PARK, 256, ProducerModel.MULTI,
                RttMessages.POOLED, WARM, MEASURE, 0, threads());
        assertThat(r.failure()).isNull();
        assertThat(r.messages()).isPositive().isEqualTo(r.bursts() * 100);
    }

    @Test
    void lostDuplicatedAndThrowingAreFailures() throws Exception {
        for (String fault : List.of("lose", "duplicate", "throw")) {
            TrialContext ctx = new TrialContext(Path.of("."), threads(), 2, List.of(fault));
            Transport t = FaultInjection.wrap(Transports.get("abq"), ctx);
            // a window far too short to reach the fault by the clock: the floor must carry the trial there
            RttRun.Result r = RttRun.run(t, 1, 100, Wait.PARK, 256, 0, 1, FaultInjection.messagesToReach(ctx), threads());
            assertThat(r.failure()).as(fault).isNotNull();
        }
    }

    @Test
    void clockOverheadIsMeasured() {
        var h = RttRun.clockOverhead(WARM, MEASURE);
        assertThat(h.getTotalCount()).isPositive();
        assertThat(h.getValueAtPercentile(50)).isLessThan(TimeUnit.MICROSECONDS.toNanos(10));
    }

    private static TrialThreads threads() {
        return new TrialThreads(List.of());
    }

}
