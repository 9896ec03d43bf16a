package handoff.harness.report;

import handoff.harness.page.Manifest;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.trial.TrialSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a run planned, as its own record says: the configurations its manifest lists under {@value #KEY}, written before
 * its first trial (each with its suite, key, settings and the forks its row will fold), never a plan re-made by the code
 * that reads it. A run from before plans were recorded has only its options and its trial count in the manifest
 * ({@code plan}): its plan is re-made from its {@code sweep.properties} by this build and kept only where it is that
 * record — configurations whose transport and producers the manifest's plan names, or which have rows in the run's
 * files, adding up to the trials the manifest counted — else it is unknown, and nothing is named as never run.
 */
public final class RecordedPlan {
    private static final Prose TEXT = Prose.of("study");

    /** The manifest key: the planned configurations, in plan order. */
    public static final String KEY = "planned_configurations";

    private RecordedPlan() {
    }

    /** The keys of one configuration under {@value RecordedPlan#KEY}, each spelled once for {@link RecordedPlan#toJson} and {@link RecordedPlan#recorded}. */
    private static final class Key {
        static final String SUITE = "suite";
        static final String CONFIG_KEY = "key";
        static final String CONFIG = "config";
        static final String FORKS = "forks";
    }

    /** The configurations of planned trials, in the order each first appears, each with the forks its row will fold. */
    public static List<Study.Planned> of(List<TrialSpec> trials) {
        Map<String, Study.Planned> byKey = new LinkedHashMap<>();
        for (TrialSpec t : trials) {
            Study.Planned before = byKey.get(t.configKey());
            int forks = rowForks(t) + (before == null ? 0 : before.forks());
            byKey.put(t.configKey(), new Study.Planned(t.suite(), t.configKey(),
                    t.config().keySet().stream().map(k -> new Study.Setting(k, t.config().get(k))).toList(), forks));
        }
        return new ArrayList<>(byKey.values());
    }

    /**
     * The forks a trial adds to its configuration's row: its pairs (a suite whose trial runs its sides' forks in pairs),
     * else the JMH forks it runs in one invocation, else one.
     */
    static int rowForks(TrialSpec t) {
        for (String k : List.of("pairs", "jmh_forks")) {
            String v = t.sizing().get(k);
            if (v != null && !v.isBlank()) {
                return Integer.parseInt(v.trim());
            }
        }
        return 1;
    }

    /** The configurations as the manifest holds them. */
    public static List<Object> toJson(List<Study.Planned> planned) {
        List<Object> out = new ArrayList<>();
        for (Study.Planned p : planned) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(Key.SUITE, p.suite());
            m.put(Key.CONFIG_KEY, p.key());
            Map<String, Object> config = new LinkedHashMap<>();
            p.config().forEach(s -> config.put(s.column(), s.value()));
            m.put(Key.CONFIG, config);
            m.put(Key.FORKS, (long) p.forks());
            out.add(m);
        }
        return out;
    }

    /** The configurations a manifest records, or null where it records none (a run from before they were recorded). */
    static List<Study.Planned> recorded(Manifest m) {
        if (!(m.raw(KEY) instanceof List<?> list)) {
            return null;
        }
        List<Study.Planned> out = new ArrayList<>();
        for (Object o : list) {
            if (o instanceof Map<?, ?> e && e.get(Key.CONFIG) instanceof Map<?, ?> c && e.get(Key.FORKS) instanceof Number n) {
                List<Study.Setting> config = new ArrayList<>();
                c.forEach((k, v) -> config.add(new Study.Setting(String.valueOf(k), String.valueOf(v))));
                out.add(new Study.Planned(String.valueOf(e.get(Key.SUITE)), String.valueOf(e.get(Key.CONFIG_KEY)), config, n.intValue()));
            }
        }
        return out;
    }

    /**
     * The run's plan: the configurations its manifest records; for a run from before they were recorded, the plan
     * {@code remade} from its options where it is the run's record (see the class), else unknown.
     *
     * @param remade this build's plan of the run's saved options, trial by trial (may throw: the plan is then unknown)
     */
    public static Study.Plan of(RunData run, Map<String, List<String>> suiteFiles, Supplier<List<TrialSpec>> remade) {
        List<Study.Planned> recorded = recorded(run.manifest);
        if (recorded != null) {
            return new Study.Plan(recorded, null);
        }
        Object counted = run.manifest.raw("plan.trials");
        if (!(counted instanceof Number n)) {
            return Study.Plan.unknown(TEXT.get("plan.unknown.none"));
        }
        List<TrialSpec> trials;
        try {
            trials = remade.get();
        } catch (RuntimeException e) {
            return Study.Plan.unknown(TEXT.fill("plan.unknown.replan").with("error", String.valueOf(e.getMessage())).text());
        }
        List<String> transports = run.manifest.strings("plan.transports");
        List<String> producers = run.manifest.strings("plan.producers");
        List<TrialSpec> kept = new ArrayList<>();
        for (TrialSpec t : trials) {
            boolean named = named(t, "transport", transports) && named(t, "producers", producers);
            List<String> files = suiteFiles.getOrDefault(t.suite(), List.of());
            if (named || Provenance.row(of(List.of(t)).get(0), files, run) != null) {
                kept.add(t);
            }
        }
        if (kept.size() != n.intValue()) {
            return Study.Plan.unknown(TEXT.fill("plan.unknown.count").with("kept", kept.size()).with("counted", n.intValue()).text());
        }
        return new Study.Plan(of(kept), null);
    }

    /** Whether a trial's setting is one the manifest's plan lists (or the plan lists none, or the trial has no such setting). */
    private static boolean named(TrialSpec t, String column, List<String> listed) {
        String v = t.config().get(column);
        return v == null || listed.isEmpty() || listed.contains(v);
    }
}
