package handoff.harness.fanout;

import handoff.queues.FaultyTransport;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every broker variant delivers each subscriber exactly its events, once, in per-producer order, with one and four
 * producers; a dropped or duplicated dispatch fails the run; multicast and diamond folds verify over rings and
 * hops. Not timed: runs are small, waits park, and a stall is given 20 s before it counts as a loss.
 */
class FanoutDeliveryTest {
    private static final long STALL_MS = 20_000;

    static Stream<Arguments> brokers() {
        List<Arguments> out = new ArrayList<>();
        for (int producers : new int[] {1, 4}) {
            for (String ring : List.of("disruptor", "lmax")) {
                out.add(Arguments.of(Broker.Variant.AS_PUBLISHED, ring, producers));
                out.add(Arguments.of(Broker.Variant.DIRECT, ring, producers));
            }
            for (Transport t : Transports.all()) {
                if (t.pipelineCapable()) {
                    out.add(Arguments.of(Broker.Variant.PER_SUBSCRIBER, t.id(), producers));
                }
            }
        }
        return out.stream();
    }

    private static Wait waitOf(Transport t) {
        return t.waits().contains(Wait.PARK) ? Wait.PARK : Wait.NATIVE;
    }

    private static BrokerRun.Setup setup(Broker.Variant v, Transport t) {
        return new BrokerRun.Setup(v, t, waitOf(t), 256, ThreadSource.DAEMON, STALL_MS);
    }

    @ParameterizedTest(name = "{0} over {1}, P={2}")
    @MethodSource("brokers")
    void everySubscriberGetsExactlyItsEventsInProducerOrder(Broker.Variant v, String transport, int producers)
            throws InterruptedException {
        Workload w = new Workload(producers, 3_000);
        BrokerRun.Result r = BrokerRun.run(setup(v, Transports.get(transport)), w, 0);
        assertThat(r.failure()).isNull();
        assertThat(r.nanos()).isPositive();
    }

    @ParameterizedTest(name = "open loop over {0}")
    @ValueSource(strings = {"abq", "lmax"})
    void openLoopRecordsEveryDispatchLatency(String transport) throws InterruptedException {
        Workload w = new Workload(2, 500);
        BrokerRun.Result r = BrokerRun.run(setup(Broker.Variant.PER_SUBSCRIBER, Transports.get(transport)), w, 20_000);
        assertThat(r.failure()).isNull();
        assertThat(r.latency().getTotalCount()).isEqualTo(w.dispatches());
    }

    static Stream<Arguments> faults() {
        List<Arguments> out = new ArrayList<>();
        for (FaultyTransport.Fault f : List.of(FaultyTransport.Fault.DROP, FaultyTransport.Fault.DUPLICATE)) {
            out.add(Arguments.of(f, Broker.Variant.AS_PUBLISHED, "lmax"));
            out.add(Arguments.of(f, Broker.Variant.DIRECT, "disruptor"));
            out.add(Arguments.of(f, Broker.Variant.PER_SUBSCRIBER, "abq"));
            out.add(Arguments.of(f, Broker.Variant.PER_SUBSCRIBER, "disruptor"));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} in {1} over {2}")
    @MethodSource("faults")
    void aDroppedOrDuplicatedDispatchFailsTheRun(FaultyTransport.Fault fault, Broker.Variant v, String transport)
            throws InterruptedException {
        Transport faulty = FaultyTransport.of(Transports.get(transport), fault, 77);
        BrokerRun.Setup s = new BrokerRun.Setup(v, faulty, waitOf(faulty), 256, ThreadSource.DAEMON, 2_000);
        BrokerRun.Result r = BrokerRun.run(s, new Workload(4, 1_000), 0);
        assertThat(r.failure()).isNotNull()
                .containsAnyOf(fault == FaultyTransport.Fault.DROP ? new String[] {"lost"} : new String[] {"duplicated"});
    }

    static Stream<Arguments> topologies() {
        List<Arguments> out = new ArrayList<>();
        for (String topology : List.of(Topologies.MULTICAST, Topologies.DIAMOND)) {
            for (Transport t : Transports.all()) {
                if (t.pipelineCapable()) {
                    out.add(Arguments.of(topology, t.id()));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("topologies")
    void everyConsumerFoldsEveryEventOnce(String topology, String transport) throws InterruptedException {
        Transport t = Transports.get(transport);
        TopologyRun.Result r = TopologyRun.run(topology, t, waitOf(t), 64, 20_000, ThreadSource.DAEMON, STALL_MS);
        assertThat(r.failure()).isNull();
    }

    @ParameterizedTest(name = "{0} dropped over abq")
    @ValueSource(strings = {Topologies.MULTICAST, Topologies.DIAMOND})
    void aLostTopologyEventFailsTheRun(String topology) throws InterruptedException {
        Transport faulty = FaultyTransport.of(Transports.get("abq"), FaultyTransport.Fault.DROP, 500);
        TopologyRun.Result r = TopologyRun.run(topology, faulty, Wait.PARK, 64, 5_000, ThreadSource.DAEMON, 2_000);
        assertThat(r.failure()).isNotNull();
    }

    @ParameterizedTest(name = "{0} duplicated over clq")
    @ValueSource(strings = {Topologies.MULTICAST, Topologies.DIAMOND})
    void aDuplicatedTopologyEventFailsTheRun(String topology) throws InterruptedException {
        Transport faulty = FaultyTransport.of(Transports.get("clq"), FaultyTransport.Fault.DUPLICATE, 500);
        TopologyRun.Result r = TopologyRun.run(topology, faulty, Wait.PARK, 64, 5_000, ThreadSource.DAEMON, 2_000);
        assertThat(r.failure()).isNotNull().contains("duplicated");
    }
}
