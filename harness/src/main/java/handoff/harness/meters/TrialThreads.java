package handoff.harness.meters;

import handoff.harness.runtime.ThreadKind;
import handoff.queues.ThreadSource;
import net.openhft.affinity.Affinity;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The only source of threads in a trial: names them by role, optionally pins them, and remembers them so
 * their allocation can be read. Placement by role: producer k takes the k-th listed CPU from the front,
 * stage k the k-th from the back, so producers and consumers sit apart when the list is long enough;
 * roles that collide share a CPU and the outcome says so.
 */
public final class TrialThreads implements ThreadSource {
    private static final com.sun.management.ThreadMXBean ALLOCATION =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final List<Integer> cpus;
    private final List<Thread> threads = new ArrayList<>();
    /** Each pinned thread's placement, by role. */
    private final Map<String, Placement> placement = new ConcurrentHashMap<>();
    /** Bytes allocated by trial threads that have already exited (a dead thread's count cannot be read). */
    private final AtomicLong exitedAllocation = new AtomicLong();
    private final ThreadActivity activity = new ThreadActivity();

    /** @param cpus CPUs to pin to, empty for no pinning */
    public TrialThreads(List<Integer> cpus) {
        this.cpus = List.copyOf(cpus);
    }

    @Override
    public synchronized Thread newThread(String role, Runnable body) {
        // --threads virtual: stages and consumers on virtual threads (not pinned: that would pin a carrier)
        ThreadKind kind = role.startsWith("producer") ? ThreadKind.PLATFORM : ThreadKind.ofThisJvm();
        Integer cpu = kind == ThreadKind.VIRTUAL ? null : cpuFor(role);
        Thread t = kind.newThread(role, () -> {
            if (kind == ThreadKind.VIRTUAL) {
                activity.unmeasured();
            } else {
                activity.started(role);
            }
            if (cpu != null) {
                pin(role, cpu);
            }
            try {
                body.run();
            } finally {
                activity.ending();
                exitedAllocation.addAndGet(Math.max(0, ALLOCATION.getCurrentThreadAllocatedBytes())); // -1: not measured
                synchronized (this) {
                    threads.remove(Thread.currentThread());
                }
            }
        });
        threads.add(t);
        return t;
    }

    private Integer cpuFor(String role) {
        if (cpus.isEmpty()) {
            return null;
        }
        int dash = role.lastIndexOf('-');
        int index = dash < 0 ? 0 : Integer.parseInt(role.substring(dash + 1));
        int n = cpus.size();
        return role.startsWith("producer") ? cpus.get(index % n) : cpus.get((n - 1 - index % n + n) % n);
    }

    private void pin(String role, int cpu) {
        try {
            Affinity.setAffinity(cpu);
            placement.put(role, Placement.pinned(cpu, Affinity.getCpu()));
        } catch (Throwable e) { // no JNA, no permission, not Linux: record it, run unpinned
            placement.put(role, Placement.unpinned(e.getClass().getSimpleName()));
        }
    }

    /** Bytes allocated so far by every thread this source created, live or exited. */
    public synchronized long allocatedBytes() {
        long sum = exitedAllocation.get();
        for (long b : ALLOCATION.getThreadAllocatedBytes(threads.stream().mapToLong(Thread::getId).toArray())) {
            if (b > 0) {
                sum += b;
            }
        }
        return sum;
    }

    /** Context switches and CPU time of these threads, by role. */
    public ThreadActivity activity() {
        return activity;
    }

    public synchronized int count() {
        return threads.size();
    }

    /** e.g. {@code producer-0=cpu2 stage-0=cpu3}, or {@code none} when no CPU list was given. */
    public String placement() {
        if (cpus.isEmpty()) {
            return "none";
        }
        if (placement.isEmpty()) {
            return "n/a (no trial threads)";
        }
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(placement).forEach((r, p) -> sb.append(sb.length() == 0 ? "" : " ").append(r).append('=').append(p.text()));
        long distinct = placement.values().stream().distinct().count();
        if (distinct < placement.size()) {
            sb.append(" (shared: fewer CPUs than threads)");
        }
        return sb.toString();
    }
}
