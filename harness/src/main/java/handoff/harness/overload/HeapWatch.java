package handoff.harness.overload;

import com.sun.management.GarbageCollectorMXBean;
import com.sun.management.GcInfo;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The heap that stays occupied after each collection during a run, against the heap after a full collection just
 * before it: what a backlog holds, without the garbage every queue transport also makes. Its numbers come from the
 * JVM's own record of each collection ({@link GcInfo#getMemoryUsageAfterGc()}); a run with no collection (rings
 * allocate nothing per event) shows no growth, and {@link #collections()} says so.
 */
final class HeapWatch {
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getPlatformMXBeans(GarbageCollectorMXBean.class);
    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(p -> p.getName()).collect(Collectors.toSet());
    private final long[] seen = new long[collectors.size()];
    private final long baseline;
    private long peak;
    private long collections;

    /** Takes a full collection and the baseline. */
    HeapWatch() {
        System.gc();
        baseline = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        for (int i = 0; i < seen.length; i++) {
            seen[i] = collectors.get(i).getCollectionCount();
        }
        peak = baseline;
    }

    /** Looks for collections since the last call (cheap when there was none). */
    void sample() {
        for (int i = 0; i < seen.length; i++) {
            long count = collectors.get(i).getCollectionCount();
            if (count != seen[i]) {
                collections += count - seen[i];
                seen[i] = count;
                GcInfo info = collectors.get(i).getLastGcInfo();
                if (info != null) {
                    long used = 0;
                    for (var e : info.getMemoryUsageAfterGc().entrySet()) {
                        MemoryUsage u = e.getValue();
                        used += heapPools.contains(e.getKey()) ? u.getUsed() : 0;
                    }
                    peak = Math.max(peak, used);
                }
            }
        }
    }

    /** Most heap occupied after a collection during the run, less the baseline (0 if none grew it). */
    long growthBytes() {
        return Math.max(0, peak - baseline);
    }

    long collections() {
        return collections;
    }
}
