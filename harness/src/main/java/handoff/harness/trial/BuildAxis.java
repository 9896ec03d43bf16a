package handoff.harness.trial;

/**
 * Two builds of the code as a dimension of the sweep ({@code ab}, docs/running.md "Two builds in one run"), the same
 * idea as the runtime axes ({@link RuntimeAxes}): a trial on a side names its build in its configuration ({@value #CONFIG},
 * so that rows name it and the two builds' forks fold apart) and carries that build's class path in its sizing
 * ({@value #CLASS_PATH}), which the sweep's child JVM runs instead of its own.
 */
public final class BuildAxis {
    /** Configuration key: the side's label, {@code base} or {@code head}. */
    public static final String CONFIG = "build";
    /** Sizing key: the class path (a built jar) the trial's JVM runs. */
    public static final String CLASS_PATH = "build_class_path";
    public static final String BASE = "base";
    public static final String HEAD = "head";

    /**
     * One side of the comparison.
     *
     * @param label     {@link #BASE} or {@link #HEAD}
     * @param classPath the jar its trials run
     */
    public record Side(String label, String classPath) {
    }

    private BuildAxis() {
    }

    /** The trial on one side: its build in the configuration, its class path in the sizing. */
    public static TrialSpec on(TrialSpec spec, Side side) {
        return new TrialSpec(spec.suite(), spec.config().toBuilder().put(CONFIG, side.label()).build(),
                spec.sizing().toBuilder().put(CLASS_PATH, side.classPath()).build());
    }

    /** The class path a trial's JVM runs: its build's where it has one, else the harness's own. */
    public static String classPath(TrialSpec spec) {
        return spec.sizing().getOrDefault(CLASS_PATH, System.getProperty("java.class.path"));
    }
}
