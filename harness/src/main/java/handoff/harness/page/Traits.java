package handoff.harness.page;

import handoff.harness.results.TransportTraits;
import handoff.queues.Transports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Transport facts for the report: display order, family (queue/ring/flow), pre-allocated or not, consumers per
 * hop, colour. Read from the run's manifest ({@code transport_traits}, written from the registry when the run
 * started); a run made before the manifest carried them falls back to the registry of this build. A transport
 * found in a CSV but in neither is shown after the known ones, family unknown. Colours are assigned by display
 * order from one palette, so no transport's colour is typed anywhere.
 */
public final class Traits {
    /** Distinct under colour-blindness as far as 12 colours can be (Tableau 10 + 2). */
    public static final List<String> PALETTE = List.of("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
            "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1f1f1f", "#17becf");

    /** One transport's facts. */
    public record Trait(String id, int order, String family, boolean preallocated, int maxWorkersPerHop, String description) {
    }

    private final Map<String, Trait> byId = new LinkedHashMap<>();
    private final Map<String, Integer> unknown = new LinkedHashMap<>();
    private final String source;

    private Traits(String source) {
        this.source = source;
    }

    static Traits of(Manifest m) {
        Object raw = m.raw(TransportTraits.KEY);
        if (raw instanceof List<?> list && !list.isEmpty()) {
            Traits t = new Traits("manifest");
            for (Object o : list) {
                if (o instanceof Map<?, ?> e) {
                    t.add(new Trait(String.valueOf(e.get("id")), t.byId.size(), String.valueOf(e.get("family")),
                            Boolean.TRUE.equals(e.get("preallocated")), intOf(e.get("max_workers_per_hop")),
                            String.valueOf(e.get("description") == null ? "" : e.get("description"))));
                }
            }
            return t;
        }
        return fromRegistry();
    }

    /** This build's registry, for runs whose manifest predates {@code transport_traits}. */
    static Traits fromRegistry() {
        Traits t = new Traits("registry of the generating build (the run's manifest has no transport_traits)");
        for (Map<String, Object> e : TransportTraits.of(Transports.all())) {
            t.add(new Trait((String) e.get("id"), t.byId.size(), (String) e.get("family"), (Boolean) e.get("preallocated"),
                    intOf(e.get("max_workers_per_hop")), (String) e.get("description")));
        }
        return t;
    }

    /** Adds a transport (tests inject made-up ones this way, as a manifest would). */
    public Traits add(Trait t) {
        byId.put(t.id(), t);
        return this;
    }

    private static int intOf(Object o) {
        return o instanceof Number n ? n.intValue() : 1;
    }

    public String source() {
        return source;
    }

    /** Display order: known transports first in registry order, then others as met. */
    public List<String> order() {
        return new ArrayList<>(byId.keySet());
    }

    /** Known transports by registry position; others (an echo server variant, say) after them, each its own, as met. */
    public int rank(String id) {
        List<String> o = order();
        int i = o.indexOf(id);
        return i >= 0 ? i : o.size() + unknown.computeIfAbsent(id, k -> unknown.size());
    }

    public Trait get(String id) {
        Trait t = byId.get(id);
        return t != null ? t : new Trait(id, rank(id), "unknown", false, 1, "");
    }

    public String family(String id) {
        return get(id).family();
    }

    /** The transport's colour: its display position in the palette (unknown ones after the known). */
    public String colour(String id) {
        return PALETTE.get(rank(id) % PALETTE.size());
    }
}
