package handoff.harness.meters;

import handoff.harness.results.GcLog;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The stop-the-world GC pauses of a window, read from this JVM's own {@code -Xlog:gc*:file=...} log (which every
 * trial JVM keeps): the log's length at the window's start is marked, and the pause lines written after it are the
 * window's ({@link GcLog} knows each collector's pause lines; a concurrent cycle, such as JDK 17 ZGC's "ZGC Cycles",
 * is no pause). Without such a log (a test JVM), the JVM's pause beans stand in: every collector bean except
 * concurrent ones ("Concurrent" in G1's, "Cycles" in ZGC's and Shenandoah's names), whose count is pauses and whose
 * time is in whole milliseconds.
 */
public final class GcPauses {
    /** A window's pauses: how many, their total and the longest, in ms; {@code fromLog} says where they came from. */
    public record Window(long count, double totalMs, double maxMs, boolean fromLog) {
    }

    private final Path log;
    private long offset;
    private long beanCount0;
    private long beanTime0;

    private GcPauses(Path log) {
        this.log = log;
    }

    /** For this JVM: its own GC log when it has one, else its pause beans. */
    public static GcPauses ofThisJvm() {
        return new GcPauses(ownLog(ManagementFactory.getRuntimeMXBean().getInputArguments(), ProcessHandle.current().pid()));
    }

    /** Over a given log file (tests, or a reader that knows the file). */
    public static GcPauses ofLog(Path log) {
        return new GcPauses(log);
    }

    /** The file of the first {@code -Xlog:gc...:file=PATH[:...]} argument, {@code %p} expanded; null if none. */
    static Path ownLog(List<String> jvmArgs, long pid) {
        for (String a : jvmArgs) {
            if (a.startsWith("-Xlog:gc") && a.contains(":file=")) {
                String rest = a.substring(a.indexOf(":file=") + ":file=".length());
                int colon = rest.indexOf(':');
                String file = (colon < 0 ? rest : rest.substring(0, colon)).replace("%p", Long.toString(pid));
                return Path.of(file.startsWith("\"") && file.endsWith("\"") ? file.substring(1, file.length() - 1) : file);
            }
        }
        return null;
    }

    /** Start of the window. */
    public void mark() {
        offset = log != null ? length() : 0;
        beanCount0 = beanCount();
        beanTime0 = beanTime();
    }

    /** The pauses logged since {@link #mark()}. */
    public Window since() {
        if (log != null && Files.isRegularFile(log)) {
            List<GcLog.Pause> pauses = GcLog.parse(linesFrom(offset));
            return new Window(pauses.size(), pauses.stream().mapToDouble(GcLog.Pause::ms).sum(),
                    pauses.stream().mapToDouble(GcLog.Pause::ms).max().orElse(0), true);
        }
        return new Window(beanCount() - beanCount0, beanTime() - beanTime0, -1, false);
    }

    private long length() {
        try {
            return Files.isRegularFile(log) ? Files.size(log) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private List<String> linesFrom(long from) {
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            long n = f.length() - from;
            if (n <= 0) {
                return List.of();
            }
            byte[] bytes = new byte[(int) Math.min(n, Integer.MAX_VALUE - 16)];
            f.seek(from);
            f.readFully(bytes);
            return new ArrayList<>(Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\n")));
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Whether a collector bean's count and time are pauses (not a concurrent cycle). */
    static boolean pauseBean(String name) {
        return !name.contains("Concurrent") && !name.contains("Cycles");
    }

    private static List<GarbageCollectorMXBean> pauseBeans() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().filter(b -> pauseBean(b.getName())).toList();
    }

    private static long beanCount() {
        return pauseBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).filter(c -> c > 0).sum();
    }

    private static long beanTime() {
        return pauseBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionTime).filter(c -> c > 0).sum();
    }
}
