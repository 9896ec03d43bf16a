package handoff.harness.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A JDK a trial runs on ({@code --jdk}): its home, the feature version and exact runtime version its own
 * {@code java} reports. Resolved and probed before any work, so an unusable one is bad input, not a failed trial.
 *
 * @param label   the name rows carry in their {@code jdk} column (the feature version, e.g. {@code 25})
 * @param home    the JDK's home folder
 * @param feature its feature version ({@code java.specification.version})
 * @param version its {@code java.runtime.version}
 */
public record JdkInstall(String label, Path home, int feature, String version) {
    /** The oldest JDK the build (release 17) runs on. */
    public static final int MIN_FEATURE = 17;
    /** Where names such as {@code 25} are looked for; a system property so tests can point elsewhere. */
    public static final String DIR_PROPERTY = "handoff.jvm.dir";

    /** The JDK running this JVM. */
    public static JdkInstall current() {
        return new JdkInstall(Integer.toString(Runtime.version().feature()), Path.of(System.getProperty("java.home")),
                Runtime.version().feature(), System.getProperty("java.runtime.version"));
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    static Path jvmDir() {
        return Path.of(System.getProperty(DIR_PROPERTY, "/usr/lib/jvm"));
    }

    /**
     * A JDK home, or a name under {@link #jvmDir()}: a folder's exact name or a feature version ({@code 17}
     * finds {@code java-17-openjdk-amd64}). Throws IllegalArgumentException (one line) when it cannot be used.
     */
    public static JdkInstall resolve(String text) {
        Path home = text.contains("/") ? Path.of(text) : byName(text);
        if (!Files.isDirectory(home)) {
            throw new IllegalArgumentException("--jdk '" + text + "': " + home + " is not a folder; give a JDK home or a name under "
                    + jvmDir() + " (" + String.join(", ", names()) + ")");
        }
        return probe(text, home.toAbsolutePath().normalize());
    }

    private static Path byName(String text) {
        Path dir = jvmDir();
        if (Files.isDirectory(dir.resolve(text))) {
            return dir.resolve(text);
        }
        if (!text.matches("\\d+")) {
            return dir.resolve(text);
        }
        Pattern feature = Pattern.compile("(^|.*[^0-9.])" + text + "([^0-9.].*|$)");
        for (String n : names()) {
            if (feature.matcher(n).matches() && Files.isExecutable(dir.resolve(n).resolve("bin").resolve("java"))) {
                return dir.resolve(n);
            }
        }
        throw new IllegalArgumentException("--jdk '" + text + "': no JDK " + text + " under " + dir + " (found: "
                + String.join(", ", names()) + "); give a JDK home or one of those names");
    }

    private static List<String> names() {
        try (Stream<Path> s = Files.list(jvmDir())) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Runs the JDK's own {@code java} once: it must start and be {@value #MIN_FEATURE} or newer. */
    static JdkInstall probe(String text, Path home) {
        Path java = home.resolve("bin").resolve("java");
        if (!Files.isExecutable(java)) {
            throw new IllegalArgumentException("--jdk '" + text + "': " + home + " has no bin/java; give a JDK home (JDK "
                    + MIN_FEATURE + " or newer)");
        }
        List<String> out = run(text, List.of(java.toString(), "-XshowSettings:properties", "-version"));
        String spec = property(out, "java.specification.version");
        String version = property(out, "java.runtime.version");
        if (spec == null || version == null) {
            throw new IllegalArgumentException("--jdk '" + text + "': " + java + " did not report its version; is it a JDK?");
        }
        int feature = Integer.parseInt(spec.startsWith("1.") ? spec.substring(2) : spec.replaceAll("\\..*", ""));
        if (feature < MIN_FEATURE) {
            throw new IllegalArgumentException("--jdk '" + text + "': " + home + " is JDK " + feature + " (" + version
                    + "); the build needs JDK " + MIN_FEATURE + " or newer");
        }
        return new JdkInstall(Integer.toString(feature), home, feature, version);
    }

    /** Whether this JDK starts with the given flags (e.g. a collector it may not ship). */
    public boolean accepts(List<String> flags) {
        List<String> cmd = new ArrayList<>(List.of(java().toString()));
        cmd.addAll(flags);
        cmd.add("-version");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static List<String> run(String text, List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            byte[] bytes = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalArgumentException("--jdk '" + text + "': " + cmd.get(0) + " does not run (exit "
                        + (p.isAlive() ? "none in 60 s" : p.exitValue()) + ")");
            }
            return new String(bytes, StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("--jdk '" + text + "': " + cmd.get(0) + " does not run (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("--jdk '" + text + "': interrupted while probing it");
        }
    }

    private static String property(List<String> lines, String name) {
        for (String l : lines) {
            String t = l.trim();
            if (t.startsWith(name + " = ")) {
                return t.substring(name.length() + 3).trim();
            }
        }
        return null;
    }
}
