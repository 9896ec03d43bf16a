package handoff.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A latency trial's scheduler counters per interval of its interval log, by role ({@code hlog/<trial-key>.sched.csv}):
 * line {@code interval} covers the same time as the interval log's histogram of that index. For each role (producers;
 * consumers = every other trial thread) the threads seen, the run delay of its most delayed thread and of all its
 * threads together (time runnable but not running), and its involuntary switches and migrations. Empty cells are
 * unknown (not Linux, virtual threads, a file /proc did not have), never 0.
 */
public final class SchedIntervals {
    public static final String SUFFIX = ".sched.csv";
    public static final List<String> ROLES = List.of("producer", "consumer");
    public static final List<String> PER_ROLE = List.of("threads", "run_delay_max_ns", "run_delay_ns", "involuntary", "migrations");
    public static final List<String> COLUMNS = columns();

    private SchedIntervals() {
    }

    private static List<String> columns() {
        List<String> c = new ArrayList<>(List.of("interval"));
        for (String role : ROLES) {
            PER_ROLE.forEach(k -> c.add(role + "_" + k));
        }
        return List.copyOf(c);
    }

    /** The file's path relative to the run folder. */
    public static String relativePath(String trialKey) {
        return IntervalLog.FOLDER + "/" + trialKey + SUFFIX;
    }

    /** Writes one trial's lines (keyed by {@link #COLUMNS}) and returns the path relative to the run folder. */
    public static String write(Path runDir, String trialKey, List<Map<String, String>> lines) {
        String rel = relativePath(trialKey);
        AtomicFiles.write(runDir.resolve(rel), CsvFormat.render(COLUMNS, lines).getBytes(StandardCharsets.UTF_8));
        return rel;
    }

    /** The lines of a trial by interval index; null when the trial has no such file (not measured). */
    public static Map<Integer, Map<String, String>> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Map<Integer, Map<String, String>> out = new TreeMap<>();
        for (Map<String, String> line : CsvFormat.parse(Files.readString(file, StandardCharsets.UTF_8))) {
            out.put(Integer.parseInt(line.get("interval")), line);
        }
        return out;
    }
}
