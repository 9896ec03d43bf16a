package handoff.harness.meters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Whether JMH's {@code -prof perfnorm} (hardware counters per op through Linux {@code perf stat}) can work on
 * this box: a {@code perf} binary, a {@code perf_event_paranoid} that lets this user count, and a PMU that
 * counts cycles (a VM without a virtual PMU reports them {@code <not supported>}). Probed once by asking
 * perf for the counters perfnorm reads.
 */
public final class PerfCounters {
    private static volatile String reason;
    private static volatile boolean probed;

    private PerfCounters() {
    }

    /** Null when perfnorm can run, else why not (one line). */
    public static String unavailableReason() {
        if (!probed) {
            reason = probe();
            probed = true;
        }
        return reason;
    }

    private static String probe() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return "not Linux";
        }
        String paranoid;
        try {
            paranoid = Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim();
        } catch (IOException e) {
            return "no /proc/sys/kernel/perf_event_paranoid (no perf events in this kernel)";
        }
        try {
            Process p = new ProcessBuilder("perf", "stat", "-x,", "-e", "cycles,instructions", "true")
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "perf stat did not finish";
            }
            for (String line : out.split("\n")) {
                if (line.contains(",cycles") && line.startsWith("<not supported>")) {
                    return "perf stat counts no cycles (<not supported>: no hardware PMU, e.g. a VM without a virtual PMU)";
                }
                if (line.contains(",cycles") && line.startsWith("<not counted>")) {
                    return "perf stat counted no cycles (<not counted>)";
                }
            }
            if (p.exitValue() != 0) {
                return "perf stat failed (exit " + p.exitValue() + ", perf_event_paranoid=" + paranoid + "): "
                        + out.strip().lines().findFirst().orElse("");
            }
            return null;
        } catch (IOException e) {
            return "no perf binary on PATH (install linux-perf / linux-tools)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while probing perf";
        }
    }
}
