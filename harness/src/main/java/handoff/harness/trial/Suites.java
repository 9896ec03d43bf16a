package handoff.harness.trial;

import handoff.harness.pipeline.LatencySuite;
import handoff.harness.pipeline.PipelineSuite;
import handoff.harness.pipeline.UnicastSuite;
import handoff.harness.rtt.RttSuite;
import handoff.harness.versus.DisruptorSuite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The registry of suites, in the order a sweep runs them (latency needs pipeline's saturation figure). */
public final class Suites {
    private static final Map<String, Suite> REGISTRY = new LinkedHashMap<>();

    static {
        register(new RttSuite());
        register(new PipelineSuite());
        register(new LatencySuite());
        register(new UnicastSuite());
        register(new DisruptorSuite());
    }

    private Suites() {
    }

    private static void register(Suite s) {
        REGISTRY.put(s.name(), s);
    }

    public static Suite get(String name) {
        Suite s = REGISTRY.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown suite '" + name + "'; allowed: " + String.join(", ", names()));
        }
        return s;
    }

    public static List<String> names() {
        return new ArrayList<>(REGISTRY.keySet());
    }
}
