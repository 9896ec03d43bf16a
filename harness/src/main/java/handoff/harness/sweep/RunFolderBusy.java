package handoff.harness.sweep;

import java.nio.file.Path;

/**
 * A run folder that another sweep holds (another process, or this JVM): two sweeps would share the CPUs and write the
 * same trials, so the second is refused, as bad input is: one line, exit code {@value #EXIT_CODE}, nothing written.
 */
public final class RunFolderBusy extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public static final int EXIT_CODE = 2;

    RunFolderBusy(Path dir) {
        super("another sweep is running in " + dir + "; wait for it or stop it first", null, false, false);
    }
}
