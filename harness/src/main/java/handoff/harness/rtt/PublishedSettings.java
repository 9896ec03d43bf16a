package handoff.harness.rtt;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The published RTT harness's JVM settings (real-logic/benchmarks: bounds checks off, ParallelGC) for the rows set
 * beside its tables: {@code mtorb}, {@code otorb} and {@code aeron-ipc} run as it runs, so that a difference from the
 * published figures is not Agrona's bounds checks or the collector. Every other row keeps the study's settings. A
 * swept collector ({@code --gc}) wins over ParallelGC. What a trial JVM really ran with is its {@code jvm_settings}.
 */
public final class PublishedSettings {
    static final String NO_BOUNDS_CHECKS = "-Dagrona.disable.bounds.checks=true";
    static final String PARALLEL_GC = "-XX:+UseParallelGC";
    /** The rows the published comparison uses that run on Agrona's buffers. */
    static final Set<String> TRANSPORTS = Set.of("mtorb", "otorb", "aeron-ipc");

    private PublishedSettings() {
    }

    /** Extra JVM flags for a row of {@code transport}; {@code gcSwept}: the trial names its own collector. */
    public static List<String> flags(String transport, boolean gcSwept) {
        List<String> out = new ArrayList<>();
        if (transport != null && TRANSPORTS.contains(transport)) {
            out.add(NO_BOUNDS_CHECKS);
            if (!gcSwept) {
                out.add(PARALLEL_GC);
            }
        }
        return out;
    }

    /** The published settings this JVM actually runs with, space-separated; empty for the study's defaults. */
    static String ofThisJvm() {
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        List<String> out = new ArrayList<>();
        for (String f : List.of(NO_BOUNDS_CHECKS, PARALLEL_GC)) {
            if (args.contains(f)) {
                out.add(f);
            }
        }
        return String.join(" ", out);
    }
}
