package handoff.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The repository's results/ folder and its README, as the column-table tests check them (surefire runs in harness/). */
public final class ResultsReadme {
    private ResultsReadme() {
    }

    /** The results/ folder beside harness/. */
    public static Path folder() {
        for (Path p : new Path[] {Path.of("..", "results"), Path.of("results")}) {
            if (Files.isRegularFile(p.resolve("README.md"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new AssertionError("no results/ folder beside harness/");
    }

    /** That results/README.md's section under {@code heading} starts with {@code expected} (a table's readme()); else what to paste. */
    public static void assertSection(String heading, List<String> expected) throws IOException {
        List<String> readme = Files.readAllLines(folder().resolve("README.md"), StandardCharsets.UTF_8);
        int at = readme.indexOf(heading);
        assertThat(at).as(heading + " in results/README.md").isGreaterThanOrEqualTo(0);
        List<String> actual = readme.subList(at + 1, Math.min(readme.size(), at + 1 + expected.size()));
        assertThat(String.join("\n", actual))
                .as("results/README.md's section %s must start with its table's readme(), paste:\n%s", heading, String.join("\n", expected))
                .isEqualTo(String.join("\n", expected));
    }

    /** A folder copied whole (a committed run into a test's temporary folder, which the test may then write into). */
    public static Path copyTree(Path src, Path dst) throws IOException {
        try (java.util.stream.Stream<Path> all = Files.walk(src)) {
            all.forEach(p -> {
                try {
                    Path t = dst.resolve(src.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(t);
                    } else {
                        Files.copy(p, t);
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        return dst;
    }

    /**
     * The rows of {@code table}'s file in the committed run {@code run}, read back through the table (which checks the
     * file's header against it); fails where that run does not hold the file (a committed file gone is a failure, never
     * a pass).
     */
    public static List<Map<String, String>> committedRows(String run, ColumnTable<?> table) throws IOException {
        return table.read(Files.readString(committed(run, table.file()), StandardCharsets.UTF_8));
    }

    /** The committed file {@code file} of the run {@code run}; fails where it is not there. */
    public static Path committed(String run, String file) {
        Path f = folder().resolve(run).resolve(file);
        assertThat(f).as("committed file results/%s/%s", run, file).isRegularFile();
        return f;
    }
}
