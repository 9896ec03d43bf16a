package handoff.harness.testing;

import handoff.harness.runtime.JdkInstall;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Test support: the JDKs installed on this box, discovered where {@code --jdk NAME} looks for them (the folder of
 * {@link JdkInstall#DIR_PROPERTY}, else /usr/lib/jvm) and probed by their own java, never a path written into a test.
 */
public final class Jdks {
    private static List<JdkInstall> installed;

    private Jdks() {
    }

    /** Every folder there whose bin/java runs and is JDK 17 or newer, one per real folder (links followed), by feature. */
    public static synchronized List<JdkInstall> installed() {
        if (installed == null) {
            List<JdkInstall> found = new ArrayList<>();
            List<Path> seen = new ArrayList<>();
            Path dir = Path.of(System.getProperty(JdkInstall.DIR_PROPERTY, "/usr/lib/jvm"));
            try (Stream<Path> s = Files.list(dir)) {
                for (Path home : s.sorted().toList()) {
                    Path real = realPath(home);
                    if (real == null || seen.contains(real) || !Files.isExecutable(home.resolve("bin").resolve("java"))) {
                        continue;
                    }
                    seen.add(real);
                    try {
                        found.add(JdkInstall.resolve(home.toString()));
                    } catch (IllegalArgumentException notUsable) {
                        // not a JDK the harness can run: left out
                    }
                }
            } catch (IOException e) {
                // no JVM folder: none found
            }
            found.sort(java.util.Comparator.comparingInt(JdkInstall::feature));
            installed = List.copyOf(found);
        }
        return installed;
    }

    /** A JDK of another feature version than the one running the tests, if this box has one. */
    public static Optional<JdkInstall> otherThanCurrent() {
        return installed().stream().filter(j -> j.feature() != Runtime.version().feature()).findFirst();
    }

    /** A JDK with virtual threads (21 or newer), the newest, if this box has one. */
    public static Optional<JdkInstall> withVirtualThreads() {
        return installed().stream().filter(j -> j.feature() >= 21).reduce((a, b) -> b);
    }

    /** What was found, for a skip's reason. */
    public static String described() {
        return installed().isEmpty() ? "no JDK found under " + System.getProperty(JdkInstall.DIR_PROPERTY, "/usr/lib/jvm")
                : "found " + String.join(", ", installed().stream().map(j -> j.feature() + " (" + j.home() + ")").toList());
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return null;
        }
    }
}
