package handoff.harness.meters;

import handoff.harness.results.SchedIntervals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Samples the scheduler counters ({@link TaskSched}) of a trial's threads at each interval boundary of its interval
 * log and keeps, per interval and role, what the scheduler did to them in between ({@link SchedIntervals}'s lines).
 * Called by one thread only (the jitter thread, {@link TailProbe}); {@link #sample(int)} with k closes interval k - 1
 * (k = 0 takes the first reading). A thread first seen after the first reading counts from the start of its life.
 */
public final class RoleSampler {
    private final Supplier<Map<Integer, Boolean>> roles;
    private final Function<Integer, TaskSched> reader;
    private Map<Integer, TaskSched> previous = new HashMap<>();
    private final List<Map<String, String>> lines = new ArrayList<>();
    private boolean first = true;

    /**
     * @param roles  the live threads' ids, each mapped to whether it is a producer; null when they cannot be told
     * @param reader one thread's counters now, {@link TaskSched#NONE} when unreadable
     */
    public RoleSampler(Supplier<Map<Integer, Boolean>> roles, Function<Integer, TaskSched> reader) {
        this.roles = roles;
        this.reader = reader;
    }

    /** Over this JVM's {@code /proc/self/task/<tid>} folders. */
    public static RoleSampler of(ThreadActivity activity) {
        return new RoleSampler(activity::liveRoles, tid -> TaskSched.read(Path.of("/proc/self/task/" + tid)));
    }

    /** At the k-th interval boundary: reads every live trial thread and, for k > 0, closes interval k - 1. */
    public void sample(int k) {
        Map<Integer, Boolean> now = roles.get();
        Map<Integer, TaskSched> readings = new HashMap<>();
        if (now != null) {
            now.forEach((tid, producer) -> readings.put(tid, reader.apply(tid)));
        }
        if (!first) {
            lines.add(line(k - 1, now, readings));
        }
        first = false;
        previous = readings;
    }

    private Map<String, String> line(int interval, Map<Integer, Boolean> now, Map<Integer, TaskSched> readings) {
        Map<String, String> line = new LinkedHashMap<>();
        line.put("interval", Integer.toString(interval));
        if (now == null) {
            return line; // roles unknown: every cell empty
        }
        for (String role : SchedIntervals.ROLES) {
            boolean producer = role.equals("producer");
            long threads = 0;
            long maxDelay = 0;
            long delay = 0;
            long invol = 0;
            long migr = 0;
            boolean known = true;
            boolean switchesKnown = true;
            for (Map.Entry<Integer, Boolean> e : now.entrySet()) {
                if (e.getValue() != producer) {
                    continue;
                }
                TaskSched after = readings.get(e.getKey());
                TaskSched before = previous.getOrDefault(e.getKey(), new TaskSched(0, 0, 0, 0));
                TaskSched d = after.minus(before);
                if (!d.known()) {
                    known = false;
                    continue;
                }
                threads++;
                maxDelay = Math.max(maxDelay, d.runDelayNs());
                delay += d.runDelayNs();
                if (d.involuntary() < 0 || d.migrations() < 0) {
                    switchesKnown = false;
                } else {
                    invol += d.involuntary();
                    migr += d.migrations();
                }
            }
            line.put(role + "_threads", Long.toString(threads));
            if (known && threads > 0) {
                line.put(role + "_run_delay_max_ns", Long.toString(maxDelay));
                line.put(role + "_run_delay_ns", Long.toString(delay));
                if (switchesKnown) {
                    line.put(role + "_involuntary", Long.toString(invol));
                    line.put(role + "_migrations", Long.toString(migr));
                }
            }
        }
        return line;
    }

    /** The closed intervals' lines, {@link SchedIntervals#COLUMNS}. */
    public List<Map<String, String>> lines() {
        return List.copyOf(lines);
    }
}
