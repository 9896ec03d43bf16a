package handoff.harness.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A run's {@code jmh/} folder: one JMH {@code -rf json} result file per JMH trial (or per fork, for the suites whose trial
 * runs its forks one by one). JMH creates its result file when it starts and fills it when it ends, so a trial stopped
 * in between would leave an empty file under the result's name: a trial has JMH write beside it ({@link #part}) and
 * moves the file into place only once it holds a result ({@link #keep}). Whatever reads {@code jmh/} reads a file
 * through {@link #read}, which says why a file is not a result (empty, cut short, not JMH's array) instead of reading
 * it as one; runs measured before files were kept this way may hold such a file.
 */
public final class JmhFiles {
    /** The folder in a run. */
    public static final String DIR = "jmh";

    private JmhFiles() {
    }

    /**
     * One file of {@code jmh/} as read.
     *
     * @param benchmarks JMH's array of results (one element per benchmark run); empty where {@code problem} is set
     * @param problem    why the file is not a result, e.g. {@code 0 bytes}; null for a whole file
     */
    public record Read(Path file, List<?> benchmarks, String problem) {
        public boolean whole() {
            return problem == null;
        }

        /** {@code jmh/<name>: <problem>, ignored}: how a report or a command says it left the file out. */
        public String note() {
            return DIR + "/" + file.getFileName() + ": " + problem + ", ignored (not read as a result)";
        }
    }

    /** The file JMH writes while it runs, beside {@code target} (a hidden name no reader of {@code jmh/*.json} lists). */
    public static Path part(Path target) {
        return target.resolveSibling("." + target.getFileName() + ".part");
    }

    /**
     * Moves JMH's file into place when it holds a result; otherwise deletes it and leaves {@code target} as it was.
     *
     * @return null when kept, else why not
     */
    public static String keep(Path part, Path target) {
        Read r = read(part);
        try {
            if (!r.whole()) {
                Files.deleteIfExists(part);
                return r.problem();
            }
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return null;
        } catch (IOException e) {
            throw new WriteFailed(target, e);
        }
    }

    /** A result file read whole, or why it is not a result. */
    public static Read read(Path f) {
        String text;
        try {
            if (!Files.isRegularFile(f)) {
                return new Read(f, List.of(), "absent");
            }
            text = Files.readString(f, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return new Read(f, List.of(), "unreadable (" + e.getMessage() + ")");
        }
        if (text.isEmpty()) {
            return new Read(f, List.of(), "0 bytes (its trial stopped while JMH ran)");
        }
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (IllegalArgumentException e) {
            return new Read(f, List.of(), "not whole JSON (" + e.getMessage() + ")");
        }
        if (!(parsed instanceof List<?> list)) {
            return new Read(f, List.of(), "not a JSON array");
        }
        if (list.isEmpty()) {
            return new Read(f, List.of(), "an empty array (no result)");
        }
        return new Read(f, list, null);
    }

    /** Every {@code *.json} of the run's {@code jmh/}, in name order, each read; none where the run has no such folder. */
    public static List<Read> all(Path runDir) {
        List<Read> out = new ArrayList<>();
        files(runDir).forEach(f -> out.add(read(f)));
        return out;
    }

    /** The paths of every {@code *.json} of the run's {@code jmh/}, in name order, unread; none where it has no such folder. */
    public static List<Path> files(Path runDir) {
        Path dir = runDir.resolve(DIR);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    /** The notes on the files of {@code jmh/} that are not results (see {@link Read#note}); empty where all are whole. */
    public static List<String> ignored(Path runDir) {
        return all(runDir).stream().filter(r -> !r.whole()).map(Read::note).toList();
    }
}
