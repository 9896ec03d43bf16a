package handoff.harness.meters;

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
 * role, safepoint time: {@link WhyMetrics}) over a measurement window.
 * <ul>
 * <li>CPU is the trial's own threads' CPU time (each thread's {@code /proc/self/task/<tid>/schedstat}, in ns) read
 * at the window's start and end, producers plus consumers ({@link ThreadActivity}): not the process's CPU time,
 * which advances in 10 ms ticks and includes the JIT, the GC and untimed setup on other threads. Unknown (empty)
 * where /proc cannot be read or a role runs on virtual threads.</li>
 * <li>GC pauses come from this JVM's GC log ({@link GcPauses}): a concurrent cycle is no pause.</li>
 * <li>Heap growth is heap after collection ({@link HeapAfterGc}), not the pools' peaks.</li>
 * <li>Allocation counts only the trial's own threads (producers and stages), not the JVM's helpers.</li>
 * </ul>
 */
public final class ResourceMeter implements AutoCloseable {
    private final TrialThreads threads;
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener;
    private final AtomicLong maxPauseMicros = new AtomicLong();
    private final GcPauses pauses = GcPauses.ofThisJvm();
    private final HeapAfterGc heap = new HeapAfterGc();
    private volatile boolean measuring;
    private long alloc0;
    private long wall0;
    private ThreadActivity.Snapshot sched0;
    private long safepoint0;

    /**
     * @param gcCount         stop-the-world GC pauses in the window (from the GC log; never a concurrent cycle)
     * @param gcTimeMs        their total time
     * @param gcMaxPauseMs    the longest of them
     * @param cpuNanos        CPU time of the trial's own threads in the window, -1 when unknown
     * @param heapGrowthBytes most heap occupied after a collection (in the window, or the full one after it) less
     *                        the heap after a full collection before it; -1 when unknown
     */
    public record Usage(long gcCount, double gcTimeMs, double gcMaxPauseMs, long allocatedBytes, long cpuNanos,
                        long wallNanos, long heapGrowthBytes, WhyMetrics why) {
        /** Normalised per unit of the trial's work ({@code ops} of them); NaN for what was not measured. */
        public PerUnitUsage perUnit(long ops) {
            return new PerUnitUsage(gcCount, gcTimeMs, gcMaxPauseMs >= 0 ? gcMaxPauseMs : Double.NaN,
                    ops > 0 ? (double) allocatedBytes / ops : Double.NaN,
                    ops > 0 && cpuNanos >= 0 ? (double) cpuNanos / ops : Double.NaN,
                    heapGrowthBytes >= 0 ? heapGrowthBytes : Double.NaN, why.perOp(ops));
        }
    }

    /** Takes a full collection (the heap baseline): construct it before the trial's window, never inside. */
    public ResourceMeter(TrialThreads threads) {
        this.threads = threads;
        this.listener = this::onGc;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(listener, null, null);
                emitters.add(e);
            }
        }
        heap.settle();
    }

    private void onGc(Notification n, Object handback) {
        if (measuring && GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
            heap.afterCollection(info.getGcName(), info.getGcInfo());
            if (GcPauses.pauseBean(info.getGcName())) { // the fallback's longest pause, when there is no GC log
                maxPauseMicros.accumulateAndGet(info.getGcInfo().getDuration() * 1000, Math::max);
            }
        }
    }

    /** Start of the measurement window: call after warm-up, with every trial thread started. */
    public void begin() {
        pauses.mark();
        alloc0 = allocated();
        wall0 = System.nanoTime();
        heap.reset();
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
        ThreadActivity.Snapshot sched1 = threads.activity().snapshot();
        long wall = System.nanoTime() - wall0;
        long allocated = allocated() - alloc0;
        long safepoint = SafepointClock.totalMillis();
        GcPauses.Window gc = pauses.since();
        measuring = false;
        ThreadActivity.Totals sched = threads.activity().between(sched0, sched1);
        WhyMetrics why = new WhyMetrics(sched, safepoint0 >= 0 && safepoint >= 0 ? safepoint - safepoint0 : -1);
        double maxPause = gc.fromLog() ? gc.maxMs() : maxPauseMicros.get() / 1000.0;
        return new Usage(gc.count(), gc.totalMs(), maxPause, allocated, sched.known() ? sched.all().cpuNanos() : -1,
                wall, heap.growthBytes(), why);
    }

    private long allocated() {
        return threads.allocatedBytes();
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
