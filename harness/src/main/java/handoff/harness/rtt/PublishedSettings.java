package handoff.harness.rtt;

import handoff.queues.Transports;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * The published RTT harness's JVM settings (real-logic/benchmarks: bounds checks off, ParallelGC) for the rows set
 * beside its tables: the transports that say so ({@link handoff.queues.Transport#publishedHarnessFlags()}: {@code mtorb},
 * {@code otorb} and {@code aeron-ipc}) run as it runs, so that a difference from the
 * published figures is not Agrona's bounds checks or the collector. Every other row keeps the study's settings. A
 * swept collector ({@code --gc}) wins over ParallelGC. What a trial JVM really ran with is its {@code jvm_settings}.
 */
public final class PublishedSettings {
    static final String NO_BOUNDS_CHECKS = "-Dagrona.disable.bounds.checks=true";
    static final String PARALLEL_GC = "-XX:+UseParallelGC";

    private PublishedSettings() {
    }

    /** Extra JVM flags for a row of {@code transport}; {@code gcSwept}: the trial names its own collector. */
    public static List<String> flags(String transport, boolean gcSwept) {
        List<String> out = new ArrayList<>();
        if (transport != null && Transports.ids().contains(transport)) {
            for (String f : Transports.get(transport).publishedHarnessFlags()) {
                if (!(gcSwept && f.startsWith("-XX:+Use") && f.endsWith("GC"))) {
                    out.add(f);
                }
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
