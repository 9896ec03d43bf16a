package handoff.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code jmh-all.json}: every JMH trial's {@code -rf json} result of a run ({@code jmh/*.json}, each a JSON
 * array) joined into one array in JMH's own format, so JMH Visualizer or a script loads the run at once.
 * The elements are copied as JMH wrote them, in file-name order; a file that is not a result ({@link JmhFiles#read}: a
 * trial killed while JMH wrote it, in a run from before result files were kept whole) is left out and named in the
 * returned notes.
 */
public final class JmhMerge {
    public static final String FILE = "jmh-all.json";

    private JmhMerge() {
    }

    /** Writes {@code jmh-all.json} when the run has JMH results; returns what was left out and why. */
    public static List<String> write(Path runDir) throws IOException {
        List<String> notes = new ArrayList<>();
        List<JmhFiles.Read> files = JmhFiles.all(runDir);
        List<String> elements = new ArrayList<>();
        for (JmhFiles.Read f : files) {
            if (!f.whole()) {
                notes.add(f.note());
                continue;
            }
            String text = Files.readString(f.file(), StandardCharsets.UTF_8).strip();
            elements.add(text.substring(1, text.length() - 1).strip());
        }
        if (!files.isEmpty()) {
            AtomicFiles.write(runDir.resolve(FILE), "[\n" + String.join(",\n", elements) + "\n]\n");
        }
        return notes;
    }
}
