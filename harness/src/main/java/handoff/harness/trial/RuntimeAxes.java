package handoff.harness.trial;

import handoff.harness.results.TrialProperties;
import handoff.harness.runtime.Collector;
import handoff.harness.runtime.JdkInstall;
import handoff.harness.runtime.Profiling;
import handoff.harness.runtime.ThreadKind;
import handoff.queues.Wait;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The runtime as swept dimensions ({@code --jdk}, {@code --gc}, {@code --threads}): every trial a suite plans
 * runs once per combination. An axis that was not given adds nothing to a trial (its JVM runs as before and
 * its key is unchanged); one that was given adds its value to the configuration, so rows name it.
 *
 * @param jdks       the JDKs, probed; empty = the JDK running the harness, not swept
 * @param gcs        the collectors; empty = the JVM's default, not swept
 * @param threads    the thread kinds; empty = platform, not swept
 * @param shenandoah which JDK labels ship Shenandoah (probed only where it was asked for)
 */
public record RuntimeAxes(List<JdkInstall> jdks, List<Collector> gcs, List<ThreadKind> threads, Map<String, Boolean> shenandoah) {
    public static final RuntimeAxes NONE = new RuntimeAxes(List.of(), List.of(), List.of(), Map.of());
    /** Configuration columns a swept runtime adds (and a run of two builds, {@link BuildAxis}). */
    public static final List<String> CONFIG = RuntimeCells.CODEC.keys().subList(0, 4);
    /** Columns of a row under a swept runtime: its configuration, then what its trials' JVMs reported. */
    public static final List<String> COLUMNS = RuntimeCells.CODEC.keys();
    /** Sizing keys: where the trial's JDK lives and its feature version (not identity: the label is). */
    public static final String HOME = "jdk_home";
    public static final String FEATURE = "jdk_feature";

    public boolean swept() {
        return !jdks.isEmpty() || !gcs.isEmpty() || !threads.isEmpty();
    }

    private List<JdkInstall> jdksOr() {
        return jdks.isEmpty() ? List.of(JdkInstall.current()) : jdks;
    }

    /** Every spec once per runtime combination, the combinations of one spec next to each other. */
    public List<TrialSpec> expand(List<TrialSpec> specs) {
        if (!swept()) {
            return specs;
        }
        List<TrialSpec> out = new ArrayList<>();
        List<Collector> gcList = gcs.isEmpty() ? Collections.singletonList(null) : gcs;
        List<ThreadKind> kinds = threads.isEmpty() ? Collections.singletonList(null) : threads;
        for (TrialSpec s : specs) {
            for (JdkInstall j : jdksOr()) {
                for (Collector g : gcList) {
                    for (ThreadKind k : kinds) {
                        TrialProperties.Builder config = s.config().toBuilder();
                        TrialProperties.Builder sizing = s.sizing().toBuilder();
                        if (!jdks.isEmpty()) {
                            sizing.put(HOME, j.home().toString());
                        }
                        sizing.put(FEATURE, Integer.toString(j.feature()));
                        RuntimeCells.CODEC.write(new RuntimeCells(null, jdks.isEmpty() ? null : j.label(), g == null ? null : g.id(),
                                k == null ? null : k.id(), null, null, null), config);
                        RuntimeCells.CODEC.write(new RuntimeCells(null, null, null, null, null,
                                g == null ? null : g.mode(j.feature()), null), sizing);
                        out.add(new TrialSpec(s.suite(), config, sizing));
                    }
                }
            }
        }
        return out;
    }

    /**
     * Why this runtime cannot run the trial (a {@code n/a} status), or null. Virtual threads carry only the
     * blocking hand-offs ({@code block}, Flow's {@code native}) of suites that make their consumers through
     * {@link ThreadKind}: a busy-waiting consumer on a virtual thread would hold its carrier, so it is refused.
     */
    public Status notApplicable(TrialSpec spec, boolean suiteTakesVirtualThreads) {
        RuntimeCells runtime = RuntimeCells.of(spec.config());
        String label = runtime.jdk() == null ? JdkInstall.current().label() : runtime.jdk();
        if (Collector.SHENANDOAH.id().equals(runtime.gc()) && !shenandoah.getOrDefault(label, false)) {
            return Status.notApplicable("JDK " + label + " does not ship Shenandoah (-XX:+UseShenandoahGC is refused)");
        }
        if (ThreadKind.VIRTUAL.id().equals(runtime.threadKind())) {
            int feature = Integer.parseInt(spec.sizing().getOrDefault(FEATURE, Integer.toString(Runtime.version().feature())));
            if (feature < 21) {
                return Status.notApplicable("virtual threads need JDK 21+; JDK " + label + " has none (name a newer one with --jdk)");
            }
            if (!suiteTakesVirtualThreads) {
                return Status.notApplicable("the " + spec.suite() + " suite does not run its consumers on virtual threads");
            }
            String wait = spec.config().get("wait");
            if (wait != null && !wait.equals("n/a") && spinsOnVirtual(Wait.parse(wait))) {
                return Status.notApplicable("busy-waiting (" + wait + ") on a virtual thread is refused: it holds its carrier thread");
            }
        }
        return null;
    }

    /**
     * Whether a consumer waiting this way would spin on a virtual thread: spin and yield always, park in its
     * spinning and yielding phases before it parks. Only {@code block} and Flow's {@code native} hand the
     * carrier back while they wait.
     */
    public static boolean spinsOnVirtual(Wait w) {
        return w != Wait.BLOCK && w != Wait.NATIVE;
    }

    /** Flags of a trial JVM (and its JMH forks) for this spec's runtime: the collector and the thread kind. */
    public static List<String> jvmFlags(TrialSpec spec) {
        List<String> flags = new ArrayList<>();
        int feature = Integer.parseInt(spec.sizing().getOrDefault(FEATURE, Integer.toString(Runtime.version().feature())));
        RuntimeCells runtime = RuntimeCells.of(spec.config());
        if (runtime.gc() != null) {
            flags.addAll(Collector.parse(runtime.gc()).flags(feature));
        }
        if (runtime.threadKind() != null) {
            flags.add("-D" + ThreadKind.PROPERTY + "=" + runtime.threadKind());
        }
        flags.addAll(Profiling.jvmFlags(spec.get(SweepPlan.PROFILER.name(), Profiling.NONE))); // --profiler: stacks as they ran
        return flags;
    }

    /** Whether the trial ran on the spec's runtime: equal {@link #CONFIG} values, absent where the spec has none. */
    public static boolean sameRuntime(TrialProperties trial, TrialSpec spec) {
        return CONFIG.stream().allMatch(c -> Objects.equals(trial.get(c), spec.config().get(c)));
    }

    /** What a trial JVM reports about itself, for its rows: the exact runtime and the collectors it ran. */
    public static TrialProperties selfReport() {
        List<String> names = new ArrayList<>();
        ManagementFactory.getGarbageCollectorMXBeans().forEach(b -> names.add(b.getName().replace(' ', '_')));
        return RuntimeCells.CODEC.properties(new RuntimeCells(null, null, null, null, System.getProperty("java.runtime.version"),
                null, String.join("+", names)));
    }
}
