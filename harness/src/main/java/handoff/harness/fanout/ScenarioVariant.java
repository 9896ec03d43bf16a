package handoff.harness.fanout;

import handoff.queues.Transport;
import handoff.queues.Transports;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of the suite: a broker variant or a topology, over one transport. A trial runs every part its
 * transport can do; the rings also carry the two broker variants built around a ring ({@code as-published},
 * {@code direct}).
 *
 * @param scenario {@code broker}, {@code multicast} or {@code diamond}
 * @param variant  the broker's variant id, or how the topology is built ({@code ring}, {@code hop-per-arc})
 */
record ScenarioVariant(String scenario, String variant) {
    static final String BROKER = "broker";

    /** The key prefix of this part's results in a trial. */
    String key() {
        return scenario.equals(BROKER) ? variant : scenario;
    }

    boolean broker() {
        return scenario.equals(BROKER);
    }

    /** Unit of its throughput. */
    String unit() {
        return broker() ? "dispatch" : "event";
    }

    /** Threads it keeps busy with {@code producers} broker producers. */
    int threads(int producers) {
        return broker() ? producers + Broker.Variant.of(variant).threads() : 1 + Topologies.CONSUMERS;
    }

    static List<ScenarioVariant> of(String transportId) {
        Transport t = Transports.get(transportId);
        List<ScenarioVariant> out = new ArrayList<>();
        if (Topologies.isRing(t)) {
            out.add(new ScenarioVariant(BROKER, Broker.Variant.AS_PUBLISHED.id));
            out.add(new ScenarioVariant(BROKER, Broker.Variant.DIRECT.id));
        }
        out.add(new ScenarioVariant(BROKER, Broker.Variant.PER_SUBSCRIBER.id));
        String build = Topologies.isRing(t) ? "ring" : "hop-per-arc";
        out.add(new ScenarioVariant(Topologies.MULTICAST, build));
        out.add(new ScenarioVariant(Topologies.DIAMOND, build));
        return out;
    }
}
