package handoff.harness.meters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the Linux scheduler counted for one thread: context switches it asked for (voluntary: it blocked,
 * parked or slept), those forced on it (involuntary: preempted, its time slice was up or a CPU was wanted
 * elsewhere), and its CPU time. Read from {@code /proc/<pid>/task/<tid>/status} and {@code .../schedstat};
 * {@link #NONE} where /proc is missing (not Linux), which callers report as "not measured".
 */
public record SchedCounters(long voluntary, long involuntary, long cpuNanos) {
    public static final SchedCounters ZERO = new SchedCounters(0, 0, 0);
    /** Nothing could be read. */
    public static final SchedCounters NONE = new SchedCounters(-1, -1, -1);
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    public boolean known() {
        return voluntary >= 0;
    }

    public SchedCounters plus(SchedCounters o) {
        return new SchedCounters(voluntary + o.voluntary, involuntary + o.involuntary, cpuNanos + o.cpuNanos);
    }

    public SchedCounters minus(SchedCounters o) {
        return new SchedCounters(voluntary - o.voluntary, involuntary - o.involuntary, cpuNanos - o.cpuNanos);
    }

    /** The calling thread's counters. */
    public static SchedCounters self() {
        return read(THREAD_SELF);
    }

    /** The calling thread's kernel id, or -1 where /proc/thread-self does not exist. */
    public static int selfTid() {
        try {
            String link = Files.readSymbolicLink(THREAD_SELF).toString(); // "<pid>/task/<tid>"
            return Integer.parseInt(link.substring(link.lastIndexOf('/') + 1));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Counters of the task whose /proc folder is {@code taskDir}; {@link #NONE} if it cannot be read. */
    public static SchedCounters read(Path taskDir) {
        try {
            long vol = -1;
            long invol = -1;
            for (String line : Files.readAllLines(taskDir.resolve("status"))) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    vol = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    invol = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
            // schedstat: time on CPU (ns), time waiting on a run queue (ns), time slices
            String sched = Files.readString(taskDir.resolve("schedstat")).trim();
            long cpu = Long.parseLong(sched.substring(0, sched.indexOf(' ')));
            return vol < 0 || invol < 0 ? NONE : new SchedCounters(vol, invol, cpu);
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }
}
