package handoff.harness.meters;

import handoff.harness.results.RoleSched;
import handoff.harness.results.SchedIntervals;
import handoff.harness.results.SchedLine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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
    private final List<SchedLine> lines = new ArrayList<>();
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

    private SchedLine line(int interval, Map<Integer, Boolean> now, Map<Integer, TaskSched> readings) {
        if (now == null) {
            return SchedLine.unknown(interval); // roles unknown: every cell empty
        }
        return new SchedLine(interval, role(true, now, readings), role(false, now, readings));
    }

    /** What the scheduler did to one role's live threads since the previous reading. */
    private RoleSched role(boolean producer, Map<Integer, Boolean> now, Map<Integer, TaskSched> readings) {
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
        if (!known || threads == 0) {
            return new RoleSched(threads, null, null, null, null);
        }
        return switchesKnown ? new RoleSched(threads, maxDelay, delay, invol, migr) : new RoleSched(threads, maxDelay, delay, null, null);
    }

    /** The closed intervals' lines, as {@link SchedIntervals} writes them. */
    public List<SchedLine> lines() {
        return List.copyOf(lines);
    }
}
