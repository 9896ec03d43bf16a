package handoff.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Starts {@code run-bench.sh} as a user would, for tests: the harness from the test class path (the jar
 * does not exist before {@code package}), this JVM's JDK, and a stand-in {@code gnuplot} on the PATH (these tests
 * never reach the plots, and the script does not try to install one as root) — or a PATH without it.
 */
public final class RunBench {
    private RunBench() {
    }

    /** The repository root (surefire runs in harness/). */
    public static Path root() {
        for (Path p : new Path[] {Path.of(".."), Path.of(".")}) {
            if (Files.isRegularFile(p.resolve("run-bench.sh"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("run-bench.sh not found from " + Path.of("").toAbsolutePath());
    }

    /** A started script; its output goes to {@code log}. {@code tools} receives the stand-in gnuplot. */
    public static Process start(Path tools, Path log, String... args) throws IOException {
        Path gnuplot = tools.resolve("gnuplot");
        if (!Files.exists(gnuplot)) {
            Files.createDirectories(tools);
            Files.writeString(gnuplot, "#!/bin/sh\nexit 0\n");
            Files.setPosixFilePermissions(gnuplot, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return start(tools + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), log, args);
    }

    /**
     * A started script on a PATH that lacks the {@code absent} commands (e.g. gnuplot, and apt-get so that the script
     * cannot install it): {@code tools} receives a link to every other command of this PATH, and is the script's PATH.
     */
    public static Process startWithout(List<String> absent, Path tools, Path log, String... args) throws IOException {
        Files.createDirectories(tools);
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path d = Path.of(dir.isEmpty() ? "." : dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (java.util.stream.Stream<Path> commands = Files.list(d)) {
                for (Path c : commands.toList()) {
                    Path link = tools.resolve(c.getFileName().toString());
                    if (!absent.contains(c.getFileName().toString()) && !Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                            && Files.isExecutable(c) && !Files.isDirectory(c)) {
                        Files.createSymbolicLink(link, c.toAbsolutePath());
                    }
                }
            }
        }
        return start(tools.toString(), log, args);
    }

    private static Process start(String path, Path log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        if (DEFAULT_SIGNALS) { // a test run under nohup (or in a background job) inherits SIGHUP (SIGINT) ignored, which bash cannot trap
            cmd.addAll(List.of("/usr/bin/env", "--default-signal=HUP,INT,TERM"));
        }
        cmd.addAll(List.of("bash", root().resolve("run-bench.sh").toString()));
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.put("HANDOFF_CLASSPATH", System.getProperty("java.class.path"));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("PATH", path);
        return pb.start();
    }

    /** Whether this box's env(1) can reset signal dispositions for the script (GNU coreutils 8.31 and later). */
    private static final boolean DEFAULT_SIGNALS = defaultSignals();

    private static boolean defaultSignals() {
        try {
            return new ProcessBuilder("/usr/bin/env", "--default-signal=HUP,INT,TERM", "true").start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Every live process whose command line names {@code dir}: what is left of a run that writes there. */
    public static List<ProcessHandle> processesNaming(Path dir) {
        String needle = dir.toAbsolutePath().normalize().toString();
        return ProcessHandle.allProcesses().filter(p -> p.pid() != ProcessHandle.current().pid())
                .filter(p -> p.info().commandLine().map(c -> c.contains(needle)).orElse(false)).toList();
    }

    /** Clean-up after a test: nothing it started may outlive it, whatever the test's outcome. */
    public static void killAll(Path dir) {
        for (ProcessHandle p : processesNaming(dir)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }
}
