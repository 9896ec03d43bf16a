package handoff.harness.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each judged configuration received and why, for the manifest ({@value #KEY}): per configuration its forks
 * (pairs, for a paired suite) and the reasons in order — the plan's minimum, each further round with the comparison
 * it was spent on, and where the budget ran out with a comparison still open; per suite the comparisons planned,
 * how many were resolved before the further forks and after, and the forks added. Read back on {@code --resume}, so
 * a resumed run keeps its history.
 */
final class ForkGrants {
    /** Top-level manifest key. */
    static final String KEY = "forks_granted";
    private final Map<String, Map<String, Object>> configs = new LinkedHashMap<>();
    private final Map<String, Map<String, Object>> suites = new LinkedHashMap<>();
    /** Per suite, the forks an earlier session of the run added (a resumed run counts its own on top). */
    private final Map<String, Double> addedEarlier = new LinkedHashMap<>();

    boolean knows(String config) {
        return configs.containsKey(config);
    }

    /** The plan's own forks of a configuration: the minimum every configuration gets. */
    void minimum(String config, int forks) {
        Map<String, Object> e = entry(config);
        e.put("forks", (double) forks);
        why(e).add(forks > 0 ? "minimum: " + forks + " (the plan's)" : "minimum: none measured (the plan's forks failed or did not run)");
    }

    /** A further round of forks, spent on an open comparison. */
    void granted(String config, String why) {
        why(entry(config)).add("+1 round: " + why);
    }

    /** The budget ran out (or there was none) with this configuration's comparison still open; said once. */
    void exhausted(String config, String why, boolean noBudget) {
        List<String> w = why(entry(config));
        String prefix = noBudget ? STOPPED_NO_BUDGET : STOPPED_BUDGET;
        if (w.isEmpty() || !w.get(w.size() - 1).startsWith(prefix)) {
            w.add(prefix + why);
        }
    }

    static final String STOPPED_BUDGET = "budget exhausted: ";
    static final String STOPPED_NO_BUDGET = "no budget for further forks (--budget 0): ";

    void forks(String config, int forks) {
        entry(config).put("forks", (double) forks);
    }

    /** Per suite: comparisons planned, resolved before the further forks (kept from the first look) and now, forks added. */
    void suite(String suite, int comparisons, int resolved, int added) {
        Map<String, Object> s = suites.computeIfAbsent(suite, k -> new LinkedHashMap<>());
        s.put("comparisons", (double) comparisons);
        s.putIfAbsent("resolved_before", (double) resolved);
        s.put("resolved_after", (double) resolved);
        s.put("forks_added", added + addedEarlier.getOrDefault(suite, 0.0));
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("suites", suites);
        m.put("configurations", configs);
        return m;
    }

    /** Back from the manifest; empty for a run without it (an older harness, or the run's first session). */
    @SuppressWarnings("unchecked")
    static ForkGrants fromJson(Object value) {
        ForkGrants g = new ForkGrants();
        if (value instanceof Map<?, ?> m) {
            if (m.get("configurations") instanceof Map<?, ?> c) {
                c.forEach((k, v) -> {
                    if (v instanceof Map<?, ?> e) {
                        Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) e);
                        copy.put("why", e.get("why") instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>());
                        g.configs.put(String.valueOf(k), copy);
                    }
                });
            }
            if (m.get("suites") instanceof Map<?, ?> s) {
                s.forEach((k, v) -> {
                    if (v instanceof Map<?, ?> e) {
                        if (e.get("forks_added") instanceof Double d) {
                            g.addedEarlier.put(String.valueOf(k), d);
                        }
                        g.suites.put(String.valueOf(k), new LinkedHashMap<>((Map<String, Object>) e));
                    }
                });
            }
        }
        return g;
    }

    private Map<String, Object> entry(String config) {
        return configs.computeIfAbsent(config, k -> {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("forks", (double) 0);
            e.put("why", new ArrayList<String>());
            return e;
        });
    }

    @SuppressWarnings("unchecked")
    private static List<String> why(Map<String, Object> e) {
        return (List<String>) e.get("why");
    }
}
