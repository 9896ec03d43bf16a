package handoff.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code jmh-all.json}: every JMH trial's {@code -rf json} result of a run ({@code jmh/*.json}, each a JSON
 * array) joined into one array in JMH's own format, so JMH Visualizer or a script loads the run at once.
 * The elements are copied as JMH wrote them, in file-name order; a file that is not a JSON array (a trial
 * killed while JMH wrote it) is left out and named in the returned notes.
 */
public final class JmhMerge {
    public static final String FILE = "jmh-all.json";

    private JmhMerge() {
    }

    /** Writes {@code jmh-all.json} when the run has JMH results; returns what was left out and why. */
    public static List<String> write(Path runDir) throws IOException {
        List<String> notes = new ArrayList<>();
        Path dir = runDir.resolve("jmh");
        if (!Files.isDirectory(dir)) {
            return notes;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        List<String> elements = new ArrayList<>();
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8).strip();
            Object parsed;
            try {
                parsed = Json.parse(text);
            } catch (IllegalArgumentException e) {
                notes.add(dir.getFileName() + "/" + f.getFileName() + ": not JSON (" + e.getMessage() + ")");
                continue;
            }
            if (!(parsed instanceof List<?> list)) {
                notes.add(dir.getFileName() + "/" + f.getFileName() + ": not a JSON array");
                continue;
            }
            if (!list.isEmpty()) {
                elements.add(text.substring(1, text.length() - 1).strip());
            }
        }
        if (!files.isEmpty()) {
            AtomicFiles.write(runDir.resolve(FILE), "[\n" + String.join(",\n", elements) + "\n]\n");
        }
        return notes;
    }
}
