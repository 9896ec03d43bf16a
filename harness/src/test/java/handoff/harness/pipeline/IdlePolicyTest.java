package handoff.harness.pipeline;

import handoff.harness.results.TransportTraits;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Each row names the idle policy it actually ran, and the like-for-like controls are added beside LMAX and ours. */
class IdlePolicyTest {
    @Test
    void theSameLabelNamesDifferentPoliciesPerTransport() {
        assertThat(TransportTraits.idlePolicy("lmax", "park")).contains("SleepingWaitStrategy");
        assertThat(TransportTraits.idlePolicy("lmax", "block")).contains("BlockingWaitStrategy").contains("busy-spin");
        assertThat(TransportTraits.idlePolicy("disruptor", "park")).contains("park 1 us doubling to 100 us");
        assertThat(TransportTraits.idlePolicy("abq", "block")).contains("put/take");
        assertThat(TransportTraits.idlePolicy("lmax-ours", "park")).isEqualTo(TransportTraits.idlePolicy("disruptor", "park"));
        assertThat(TransportTraits.idlePolicy("lmax-ours", "block")).isEqualTo(TransportTraits.idlePolicy("disruptor", "block"));
        assertThat(TransportTraits.idlePolicy("nope", "park")).isEmpty();
    }

    @Test
    void everyTransportNamesAPolicyForEachOfItsWaitsWithoutCommas() {
        for (Transport t : Transports.all()) {
            for (Wait w : t.waits()) {
                assertThat(t.idlePolicy(w)).as(t.id() + "/" + w).isNotBlank().doesNotContain(",");
            }
        }
    }

    @Test
    void theLikeForLikeControlIsAddedBesideLmaxOnlyAndNeverByDefault() {
        Transport ours = Transports.get("lmax-ours");
        assertThat(ours.control()).isTrue();
        assertThat(ours.waits()).containsExactlyInAnyOrder(Wait.PARK, Wait.BLOCK);
        assertThat(Transports.study()).doesNotContain(ours);
        assertThat(PipelineSuite.withLikeForLike(List.of(Transports.get("abq"), Transports.get("lmax"))))
                .extracting(Transport::id).containsExactly("abq", "lmax", "lmax-ours");
        assertThat(PipelineSuite.withLikeForLike(List.of(Transports.get("abq")))).extracting(Transport::id).containsExactly("abq");
    }

    @Test
    void theSlipOffControlIsAddedBesideDisruptorAtLmaxOursWaits() {
        Transport noSlip = Transports.get("disruptor-noslip");
        assertThat(noSlip.control()).isTrue();
        assertThat(Transports.study()).doesNotContain(noSlip);
        assertThat(PipelineSuite.withLikeForLike(List.of(Transports.get("disruptor"), Transports.get("lmax"))))
                .extracting(Transport::id).containsExactly("disruptor", "lmax", "lmax-ours", "disruptor-noslip");
        assertThat(PipelineSuite.withLikeForLike(List.of(Transports.get("lmax")))).extracting(Transport::id)
                .containsExactly("lmax", "lmax-ours");
        assertThat(PipelineSuite.controlWaits(noSlip)).containsExactlyInAnyOrder(Wait.PARK, Wait.BLOCK);
        assertThat(PipelineSuite.controlWaits(Transports.get("lmax-ours"))).containsExactlyInAnyOrder(Wait.PARK, Wait.BLOCK);
    }
}
