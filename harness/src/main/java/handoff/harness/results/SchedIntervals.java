package handoff.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A latency trial's scheduler counters per interval of its interval log, by role ({@code hlog/<trial-key>.sched.csv}):
 * line {@code interval} covers the same time as the interval log's histogram of that index. For each role (producers;
 * consumers = every other trial thread) the threads seen, the run delay of its most delayed thread and of all its
 * threads together (time runnable but not running), and its involuntary switches and migrations. Empty cells are
 * unknown (not Linux, virtual threads, a file /proc did not have), never 0. The columns are {@link #TABLE}'s.
 */
public final class SchedIntervals {
    public static final String SUFFIX = ".sched.csv";
    /** The file as results/README.md names it. */
    static final String FILE = IntervalLog.FOLDER + "/<trial-key>" + SUFFIX;

    /** Every column of the file, in file order: {@code interval}, then each role's five. */
    static final ColumnTable<SchedLine> TABLE = ColumnTable.of(FILE, columns());

    private SchedIntervals() {
    }

    private static List<Column<SchedLine>> columns() {
        List<Column<SchedLine>> c = new ArrayList<>();
        c.add(Column.of("interval", "", "the index of the interval in the trial's interval log (0 = the window's first).",
                l -> Integer.toString(l.interval())));
        for (SchedRole role : SchedRole.values()) {
            String r = role.id();
            Function<Function<RoleSched, Long>, Function<SchedLine, String>> cell = f -> l -> text(f.apply(l.of(role)));
            c.add(Column.of(r + "_threads", "threads", "the " + r + " threads read in the interval.",
                    cell.apply(RoleSched::threads)));
            c.add(Column.of(r + "_run_delay_max_ns", "ns", "the run delay (time runnable but not running) of the most "
                    + "delayed " + r + " thread.", cell.apply(RoleSched::runDelayMaxNs)));
            c.add(Column.of(r + "_run_delay_ns", "ns", "the run delay of all " + r + " threads together.",
                    cell.apply(RoleSched::runDelayNs)));
            c.add(Column.of(r + "_involuntary", "switches", "the " + r + " threads' involuntary context switches, all "
                    + "together.", cell.apply(RoleSched::involuntary)));
            c.add(Column.of(r + "_migrations", "migrations", "the " + r + " threads' migrations between CPUs, all together.",
                    cell.apply(RoleSched::migrations)));
        }
        return c;
    }

    /** The file's path relative to the run folder. */
    public static String relativePath(String trialKey) {
        return IntervalLog.FOLDER + "/" + trialKey + SUFFIX;
    }

    /** Writes one trial's lines and returns the path relative to the run folder. */
    public static String write(Path runDir, String trialKey, List<SchedLine> lines) {
        String rel = relativePath(trialKey);
        AtomicFiles.write(runDir.resolve(rel), TABLE.render(lines).getBytes(StandardCharsets.UTF_8));
        return rel;
    }

    /** The lines of a trial by interval index; null when the trial has no such file (not measured). */
    public static Map<Integer, SchedLine> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Map<Integer, SchedLine> out = new TreeMap<>();
        for (Map<String, String> cells : TABLE.read(Files.readString(file, StandardCharsets.UTF_8))) {
            SchedLine line = new SchedLine(Integer.parseInt(cells.get("interval")), role(cells, SchedRole.PRODUCER),
                    role(cells, SchedRole.CONSUMER));
            out.put(line.interval(), line);
        }
        return out;
    }

    /** One role's figures from the cells of a line as read (the file's boundary). */
    private static RoleSched role(Map<String, String> cells, SchedRole role) {
        String r = role.id() + "_";
        return new RoleSched(number(cells.get(r + "threads")), number(cells.get(r + "run_delay_max_ns")),
                number(cells.get(r + "run_delay_ns")), number(cells.get(r + "involuntary")), number(cells.get(r + "migrations")));
    }

    private static Long number(String cell) {
        return cell == null || cell.isEmpty() ? null : Long.valueOf(cell);
    }

    private static String text(Long v) {
        return v == null ? "" : Long.toString(v);
    }
}
