package handoff.harness.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The profiler {@code --profiler} attaches to a trial JVM ({@code none}, {@code async}, {@code jfr}): the flags the
 * JVM needs for it, and where async-profiler's native library comes from. The library ships inside its Maven
 * artefact ({@code tools.profiler:async-profiler}, on the harness's class path), so nothing is installed or downloaded;
 * a JVM copies it out to load it.
 */
public final class Profiling {
    public static final String NONE = "none";
    public static final String ASYNC = "async";
    public static final String JFR = "jfr";
    /** Where the library sits inside its artefact. */
    private static final String ASYNC_LIB = "linux-" + ("aarch64".equals(System.getProperty("os.arch")) ? "arm64" : "x64")
            + "/libasyncProfiler.so";

    private Profiling() {
    }

    /**
     * Flags of a profiled JVM: debug information at every instruction, not only at safepoints, so that a sampled
     * stack names the frame that ran rather than the nearest safepoint (both profilers read it); none unprofiled.
     */
    public static List<String> jvmFlags(String profiler) {
        return NONE.equals(profiler) ? List.of() : List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints");
    }

    /**
     * async-profiler's native library, copied out of its artefact on the class path into a temporary file (a library
     * cannot be loaded from inside a jar); removed when this JVM exits.
     */
    public static Path asyncLibrary() {
        try (InputStream in = Profiling.class.getClassLoader().getResourceAsStream(ASYNC_LIB)) {
            if (in == null) {
                throw new IllegalStateException("async-profiler's " + ASYNC_LIB + " is not on the class path (tools.profiler:async-profiler)");
            }
            Path lib = Files.createTempFile("libasyncProfiler", ".so");
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            lib.toFile().deleteOnExit();
            return lib;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract async-profiler's library", e);
        }
    }
}
