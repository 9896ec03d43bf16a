package handoff.harness.trial;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * GC, allocation, CPU and the scheduler's view (context switches and CPU time of the trial's own threads by
 * role, safepoint time: {@link WhyMetrics}) over a measurement window. Collectors whose name says "Concurrent" (G1's and
 * ZGC's concurrent cycles on newer JDKs) are left out: their time is not a pause of the application.
 * Allocation counts only the trial's own threads (producers and stages), not the JVM's helpers.
 */
public final class ResourceMeter implements AutoCloseable {
    private final TrialThreads threads;
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener;
    private final AtomicLong maxPauseMicros = new AtomicLong();
    private volatile boolean measuring;
    private long gcCount0;
    private long gcTime0;
    private long alloc0;
    private long cpu0;
    private long wall0;
    private long heap0;
    private ThreadActivity.Snapshot sched0;
    private long safepoint0;

    /**
     * @param heapGrowthBytes peak heap use in the window (sum of the heap pools' peaks, so an upper bound)
     *                        minus heap use at its start: how far an unbounded transport let the heap grow
     */
    public record Usage(long gcCount, long gcTimeMs, double gcMaxPauseMs, long allocatedBytes, long cpuNanos,
                        long wallNanos, long heapGrowthBytes, WhyMetrics why) {
        /** Result columns, normalised per operation ({@code unit} names it: "op", "event"). */
        public java.util.Map<String, String> columns(long ops, String unit) {
            java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
            m.put("gc_count", Long.toString(gcCount));
            m.put("gc_time_ms", Long.toString(gcTimeMs));
            m.put("gc_max_pause_ms", Forks.fmt(gcMaxPauseMs));
            m.put("alloc_bytes_per_" + unit, ops > 0 ? Forks.fmt((double) allocatedBytes / ops) : "");
            m.put("cpu_ns_per_" + unit, ops > 0 ? Forks.fmt((double) cpuNanos / ops) : "");
            m.put("heap_growth_bytes", Long.toString(heapGrowthBytes));
            m.putAll(why.columns(ops));
            return m;
        }
    }

    public ResourceMeter(TrialThreads threads) {
        this.threads = threads;
        this.listener = this::onGc;
        for (GarbageCollectorMXBean gc : pausing()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(listener, null, null);
                emitters.add(e);
            }
        }
    }

    private void onGc(Notification n, Object handback) {
        if (measuring && GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            long micros = info.getGcInfo().getDuration() * 1000;
            maxPauseMicros.accumulateAndGet(micros, Math::max);
        }
    }

    /** Start of the measurement window: call after warm-up, with every trial thread started. */
    public void begin() {
        gcCount0 = gcCount();
        gcTime0 = gcTime();
        alloc0 = allocated();
        cpu0 = processCpu();
        wall0 = System.nanoTime();
        heap0 = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        heapPools().forEach(java.lang.management.MemoryPoolMXBean::resetPeakUsage);
        maxPauseMicros.set(0);
        safepoint0 = SafepointClock.totalMillis();
        sched0 = threads.activity().snapshot();
        measuring = true;
    }

    /** End of the window; a window never begun (the trial failed first) is begun here, empty. */
    public Usage end() {
        if (sched0 == null) {
            begin();
        }
        measuring = false;
        ThreadActivity.Totals sched = threads.activity().between(sched0, threads.activity().snapshot());
        long safepoint = SafepointClock.totalMillis();
        WhyMetrics why = new WhyMetrics(sched, safepoint0 >= 0 && safepoint >= 0 ? safepoint - safepoint0 : -1);
        return new Usage(gcCount() - gcCount0, gcTime() - gcTime0, maxPauseMicros.get() / 1000.0,
                allocated() - alloc0, processCpu() - cpu0, System.nanoTime() - wall0,
                Math.max(0, heapPools().stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum() - heap0), why);
    }

    private static List<java.lang.management.MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == java.lang.management.MemoryType.HEAP && p.isValid()).toList();
    }

    private static List<GarbageCollectorMXBean> pausing() {
        List<GarbageCollectorMXBean> out = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!gc.getName().contains("Concurrent")) {
                out.add(gc);
            }
        }
        return out;
    }

    private static long gcCount() {
        return pausing().stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).filter(c -> c > 0).sum();
    }

    private static long gcTime() {
        return pausing().stream().mapToLong(GarbageCollectorMXBean::getCollectionTime).filter(c -> c > 0).sum();
    }

    private long allocated() {
        return threads.allocatedBytes();
    }

    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(listener);
            } catch (Exception ignored) {
                // already gone
            }
        }
    }
}
