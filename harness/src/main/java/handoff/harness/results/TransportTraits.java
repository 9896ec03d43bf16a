package handoff.harness.results;

import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry's facts about each transport as the manifest records them ({@code transport_traits}), so that
 * the report reads display order, family, pre-allocation and consumers per hop from the run itself and never
 * types them again. The family is derived, not declared: a transport that keeps pre-allocated slots is a
 * {@code ring}, one whose only hand-off is its own executor ({@code native}) is a {@code flow}, any other a
 * {@code queue}.
 */
public final class TransportTraits {
    public static final String KEY = "transport_traits";

    private TransportTraits() {
    }

    public static String family(Transport t) {
        if (t.preallocated()) {
            return "ring";
        }
        return t.waits().size() == 1 && t.waits().contains(Wait.NATIVE) ? "flow" : "queue";
    }

    /** What {@code wait} actually does in {@code transport} ({@link Transport#idlePolicy}); empty if either is unknown. */
    public static String idlePolicy(String transport, String wait) {
        try {
            return handoff.queues.Transports.get(transport).idlePolicy(Wait.parse(wait));
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** One entry per registered transport, in registry (display) order. */
    public static List<Map<String, Object>> of(List<Transport> transports) {
        List<Map<String, Object>> out = new ArrayList<>();
        int order = 0;
        for (Transport t : transports) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", t.id());
            m.put("order", order++);
            m.put("family", family(t));
            m.put("preallocated", t.preallocated());
            m.put("max_workers_per_hop", t.maxWorkers() == Integer.MAX_VALUE ? -1 : t.maxWorkers());
            m.put("max_producers", t.maxProducers() == Integer.MAX_VALUE ? -1 : t.maxProducers());
            m.put("pipeline", t.pipelineCapable());
            m.put("waits", t.waits().stream().map(Wait::id).toList());
            m.put("description", t.description());
            Map<String, String> policies = new LinkedHashMap<>();
            t.waits().forEach(w -> policies.put(w.id(), t.idlePolicy(w)));
            m.put("idle_policies", policies); // what each wait label actually does in this transport
            // the published RTT harness's settings its RTT rows run with (empty: the study's own)
            m.put("rtt_jvm_flags", t.publishedHarnessFlags());
            out.add(m);
        }
        return out;
    }
}
