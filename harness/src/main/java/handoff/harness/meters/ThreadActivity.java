package handoff.harness.meters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Scheduler counters ({@link SchedCounters}) of a trial's own threads, by role: producers (threads named
 * {@code producer-*}) and consumers (every other trial thread: stages, the RTT consumer, Flow's executors).
 * A thread registers itself when it starts and leaves its final counters when it ends, so a window can
 * be measured even when threads exit inside it (the open-loop run joins its pipeline before returning).
 */
public final class ThreadActivity {
    /** Counters by role at one instant. */
    public record Snapshot(Map<Integer, Entry> byTid) {
    }

    /** One thread: its role and counters. */
    public record Entry(boolean producer, SchedCounters counters) {
    }

    /** A window's totals: the difference of two snapshots, by role; unknown when /proc could not be read. */
    public record Totals(SchedCounters producers, SchedCounters consumers, boolean known) {
        public SchedCounters all() {
            return producers.plus(consumers);
        }
    }

    private final Map<Integer, Boolean> live = new ConcurrentHashMap<>();
    private final Map<Integer, Entry> exited = new ConcurrentHashMap<>();
    private volatile boolean unreadable;

    static boolean isProducer(String role) {
        return role.startsWith("producer");
    }

    /** Called by the thread itself as it starts. */
    void started(String role) {
        int tid = SchedCounters.selfTid();
        if (tid < 0) {
            unreadable = true;
            return;
        }
        live.put(tid, isProducer(role));
    }

    /**
     * Called by a virtual thread as it starts: /proc counts its carrier, which other virtual threads share and
     * which it may leave, so the window's per-role counters are unknown rather than misattributed.
     */
    void unmeasured() {
        unreadable = true;
    }

    /** Called by the thread itself as it ends: its final counters. */
    void ending() {
        int tid = SchedCounters.selfTid();
        Boolean producer = tid < 0 ? null : live.get(tid);
        if (producer == null) {
            return;
        }
        SchedCounters c = SchedCounters.self();
        if (!c.known()) {
            unreadable = true;
        }
        exited.put(tid, new Entry(producer, c));
        live.remove(tid);
    }

    /**
     * Adopts the threads of this JVM that run under a role name ({@code producer-*}, {@code stage-*}) but were not
     * made by the trial's {@link TrialThreads} (a library's own threads, such as the versus rig's ring processors):
     * their counters now are kept as if they had just ended. Call it just before such threads are halted, so that
     * a window over them counts their CPU (from their start) instead of missing it.
     */
    public void adoptNamedNow() {
        Path tasks = Path.of("/proc/self/task");
        try (Stream<Path> list = Files.list(tasks)) {
            for (Path task : list.toList()) {
                int tid = Integer.parseInt(task.getFileName().toString());
                String name = Files.readString(task.resolve("comm")).trim();
                if (!live.containsKey(tid) && (isProducer(name) || name.startsWith("stage"))) {
                    SchedCounters c = SchedCounters.read(task);
                    if (c.known()) {
                        exited.put(tid, new Entry(isProducer(name), c));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            unreadable = true; // a thread that should count could not be read: the window's CPU is unknown
        }
    }

    /**
     * The live trial threads' kernel ids, each mapped to whether it is a producer; null when a trial thread could not
     * be placed (a virtual thread, no /proc), so that per-role figures are unknown rather than partial.
     */
    public Map<Integer, Boolean> liveRoles() {
        return unreadable ? null : Map.copyOf(live);
    }

    /** Every trial thread's counters now, live or exited. */
    public Snapshot snapshot() {
        Map<Integer, Entry> m = new HashMap<>();
        live.forEach((tid, producer) -> m.put(tid, new Entry(producer, SchedCounters.read(Path.of("/proc/self/task/" + tid)))));
        m.putAll(exited); // a thread that exited while we read wins with its final counters
        return new Snapshot(m);
    }

    /** What the trial's threads did between two snapshots; threads started in between count from zero. */
    public Totals between(Snapshot before, Snapshot after) {
        SchedCounters producers = SchedCounters.ZERO;
        SchedCounters consumers = SchedCounters.ZERO;
        boolean known = !unreadable && !after.byTid().isEmpty();
        for (Map.Entry<Integer, Entry> e : after.byTid().entrySet()) {
            Entry b = before.byTid().get(e.getKey());
            SchedCounters now = e.getValue().counters();
            if (!now.known() || (b != null && !b.counters().known())) {
                known = false;
                continue;
            }
            SchedCounters d = b == null ? now : now.minus(b.counters());
            if (e.getValue().producer()) {
                producers = producers.plus(d);
            } else {
                consumers = consumers.plus(d);
            }
        }
        return new Totals(producers, consumers, known);
    }
}
