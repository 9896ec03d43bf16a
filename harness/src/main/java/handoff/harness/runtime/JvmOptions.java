package handoff.harness.runtime;

import java.util.List;
import java.util.stream.Stream;

/** The flags of a measuring JVM: one place, recorded in the manifest and used by every trial JVM and JMH fork. */
public final class JvmOptions {
    /** Fixed heap, pre-touched, so neither heap growth nor first-touch page faults land in a measurement. */
    public static final List<String> HEAP = List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch");
    /**
     * The same for trials that keep little on the heap (RTT's pre-made messages and histograms, the echo
     * server's slots): pre-touching 1 GiB costs each of their many short JVMs about 0.4 s on a 2-vCPU VM.
     */
    public static final List<String> SMALL_HEAP = List.of("-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch");
    /**
     * What Agrona needs on JDK 16+, and on JDK 24+ leave to use sun.misc.Unsafe (JCTools, Agrona, LMAX use
     * it) without a warning per JVM; every trial JVM gets these. The sun.management export lets a trial read
     * its safepoint time ({@code SafepointClock}).
     */
    public static final List<String> OPENS = opens(Runtime.version().feature());
    /** The flags of a measuring JVM, as recorded in the manifest. */
    public static final List<String> FLAGS = Stream.concat(HEAP.stream(), OPENS.stream()).toList();

    private JvmOptions() {
    }

    /** {@link #OPENS} for a JVM of this feature version (a trial may run on another JDK than the sweep). */
    public static List<String> opens(int feature) {
        return feature >= 24
            ? List.of("--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED",
            "--add-exports", "java.management/sun.management=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow")
            : List.of("--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED",
            "--add-exports", "java.management/sun.management=ALL-UNNAMED");
    }
}
