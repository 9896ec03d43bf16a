package handoff.queues;

import handoff.queues.adapters.AeronIpcTransport;
import handoff.queues.adapters.AgronaManyToOneTransport;
import handoff.queues.adapters.AgronaOneToOneTransport;
import handoff.queues.adapters.AgronaRingBufferTransport;
import handoff.queues.adapters.ArrayBlockingQueueTransport;
import handoff.queues.adapters.BaselineTransport;
import handoff.queues.adapters.ConcurrentLinkedQueueTransport;
import handoff.queues.adapters.FlowTransport;
import handoff.queues.adapters.JctoolsMpscTransport;
import handoff.queues.adapters.LinkedBlockingQueueTransport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry: adding a transport is one class plus one line here. Order is the order of rows in the
 * report.
 */
public final class Transports {
    private static final Map<String, Transport> REGISTRY = new LinkedHashMap<>();

    static {
        register(new ArrayBlockingQueueTransport());
        register(new LinkedBlockingQueueTransport());
        register(new ConcurrentLinkedQueueTransport());
        register(new AgronaManyToOneTransport());
        register(new JctoolsMpscTransport());
        register(new FlowTransport());
        register(new handoff.queues.adapters.DisruptorTransport());
        register(new handoff.queues.adapters.LmaxTransport());
        register(new BaselineTransport());
        register(new handoff.queues.adapters.NullTransport());
        register(new AgronaOneToOneTransport());
        register(AgronaRingBufferTransport.manyToOne());
        register(AgronaRingBufferTransport.oneToOne());
        register(new AeronIpcTransport());
        register(handoff.queues.adapters.LmaxTransport.withOurPolicy()); // a control: not in the default set
        register(handoff.queues.adapters.DisruptorTransport.slipOff()); // a control: ours with temporal slipping off
        register(FlowTransport.asPublished()); // a control: Flow as the 2017 post configured it (unicast)
    }

    private Transports() {
    }

    private static void register(Transport t) {
        if (REGISTRY.putIfAbsent(t.id(), t) != null) {
            throw new IllegalStateException("duplicate transport id " + t.id());
        }
    }

    /** @throws IllegalArgumentException naming the bad id and the allowed ones */
    public static Transport get(String id) {
        Transport t = REGISTRY.get(id);
        if (t == null) {
            throw new IllegalArgumentException("unknown transport '" + id + "'; allowed: " + String.join(", ", ids()));
        }
        return t;
    }

    public static List<String> ids() {
        return new ArrayList<>(REGISTRY.keySet());
    }

    /** The study's transports: every registered one but the controls ({@link Transport#control()}). */
    public static List<Transport> study() {
        return REGISTRY.values().stream().filter(t -> !t.control()).toList();
    }

    public static List<Transport> all() {
        return Collections.unmodifiableList(new ArrayList<>(REGISTRY.values()));
    }
}
