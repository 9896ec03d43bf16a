package handoff.harness.runtime;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** A garbage collector a trial JVM runs with ({@code --gc}); the heap stays the one {@link JvmOptions} fixes. */
public enum Collector {
    G1("-XX:+UseG1GC"), PARALLEL("-XX:+UseParallelGC"), ZGC("-XX:+UseZGC"), SHENANDOAH("-XX:+UseShenandoahGC");

    private final String flag;

    Collector(String flag) {
        this.flag = flag;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Collector parse(String s) {
        for (Collector g : values()) {
            if (g.id().equals(s.trim().toLowerCase(Locale.ROOT))) {
                return g;
            }
        }
        throw new IllegalArgumentException("--gc '" + s + "' is not known; allowed: "
                + String.join(", ", Arrays.stream(values()).map(Collector::id).toList()));
    }

    /**
     * The flags on a JDK of this feature version. ZGC is generational where the JDK has it: JDK 21 and 22 only
     * with {@code -XX:+ZGenerational}, 23 and later always (the flag is deprecated there and not passed).
     */
    public List<String> flags(int feature) {
        return this == ZGC && (feature == 21 || feature == 22) ? List.of(flag, "-XX:+ZGenerational") : List.of(flag);
    }

    /** What the trial's rows record in {@code gc_mode}. */
    public String mode(int feature) {
        if (this != ZGC) {
            return "generational";
        }
        return feature >= 23 ? "generational (the only mode from JDK 23)"
                : feature >= 21 ? "generational (-XX:+ZGenerational)" : "single-generation (JDK " + feature + " has no generational ZGC)";
    }
}
