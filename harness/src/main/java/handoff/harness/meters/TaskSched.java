package handoff.harness.meters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the Linux scheduler counted for one thread, for the tail's causes: time on a CPU, time runnable but not
 * running (run delay: waiting on a run queue), involuntary switches (preempted) and migrations (moved to another CPU).
 * Run delay is from {@code /proc/<pid>/task/<tid>/schedstat} ({@code <on-cpu ns> <run-delay ns> <time slices>}); the
 * switches and migrations from {@code .../sched} ({@code nr_involuntary_switches}, {@code se.nr_migrations}). The
 * kernel adds a wait to the run delay when the wait ends, as the thread gets its CPU. {@link #NONE} where the files
 * are missing (not Linux, or a kernel without schedstats): then every figure is unknown, never 0. /proc gives the
 * sum of the waits, not the longest one (that needs {@code kernel.sched_schedstats=1} or a trace).
 */
public record TaskSched(long cpuNs, long runDelayNs, long involuntary, long migrations) {
    /** Nothing could be read. */
    public static final TaskSched NONE = new TaskSched(-1, -1, -1, -1);

    public boolean known() {
        return runDelayNs >= 0;
    }

    /** This minus an earlier reading; a field unknown in either is unknown (-1). */
    public TaskSched minus(TaskSched before) {
        return new TaskSched(diff(cpuNs, before.cpuNs), diff(runDelayNs, before.runDelayNs),
                diff(involuntary, before.involuntary), diff(migrations, before.migrations));
    }

    private static long diff(long a, long b) {
        return a < 0 || b < 0 ? -1 : Math.max(0, a - b);
    }

    /** The task whose /proc folder is {@code taskDir}; {@link #NONE} if its schedstat cannot be read. */
    public static TaskSched read(Path taskDir) {
        String schedstat;
        try {
            schedstat = Files.readString(taskDir.resolve("schedstat"));
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
        String sched;
        try {
            sched = Files.readString(taskDir.resolve("sched"));
        } catch (IOException | RuntimeException e) {
            sched = ""; // no CONFIG_SCHED_DEBUG: switches and migrations unknown, run delay still known
        }
        return parse(schedstat, sched);
    }

    /** From the text of {@code schedstat} and {@code sched}; a field that is not there is unknown (-1). */
    public static TaskSched parse(String schedstat, String sched) {
        String[] f = schedstat.trim().split("\\s+");
        if (f.length < 2) {
            return NONE;
        }
        try {
            return new TaskSched(Long.parseLong(f[0]), Long.parseLong(f[1]), field(sched, "nr_involuntary_switches"),
                    field(sched, "se.nr_migrations"));
        } catch (NumberFormatException e) {
            return NONE;
        }
    }

    /** The value of a {@code name : value} line of {@code /proc/.../sched}, -1 when absent. */
    static long field(String sched, String name) {
        for (String line : sched.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
                String v = line.substring(colon + 1).trim();
                try {
                    return v.contains(".") ? (long) Double.parseDouble(v) : Long.parseLong(v);
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }
}
