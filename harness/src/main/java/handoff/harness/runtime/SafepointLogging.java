package handoff.harness.runtime;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Turns on this JVM's safepoint log ({@code -Xlog:safepoint=info}, decorated {@code uptime,level,tags}, as the GC log
 * is) into a file of the trial, from inside the trial: through HotSpot's diagnostic-command MBean, the same
 * {@code VM.log} command {@code jcmd <pid> VM.log output=... what=...} sends. Started before the trial's window, so
 * every safepoint of the window is in it ({@code results/SafepointLog} reads it back and joins it by uptime). Only
 * the latency trials that keep interval logs ask for it; another JVM, or one without the MBean, has no file, and
 * the safepoint columns stay empty.
 */
public final class SafepointLogging {
    private static final String BEAN = "com.sun.management:type=DiagnosticCommand";

    private SafepointLogging() {
    }

    /** Starts logging safepoints to {@code file}; whether the JVM took the command and the file exists. */
    public static boolean start(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.deleteIfExists(file); // a re-run trial (resume) starts a fresh log
            String[] args = {"output=file=" + file.toAbsolutePath(), "what=safepoint=info", "decorators=uptime,level,tags"};
            ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName(BEAN), "vmLog", new Object[] {args},
                    new String[] {String[].class.getName()});
            return Files.isRegularFile(file);
        } catch (IOException | JMException | RuntimeException e) {
            return false; // not HotSpot, no such command, or a path it refused: not measured
        }
    }
}
