package handoff.harness.meters;

import com.sun.management.GcInfo;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Heap growth as live data, not eden churn: the heap occupied after a collection. A full collection before the
 * window gives the baseline; every whole-heap collection that ends in the window ({@link #afterCollection}, from the
 * GC notifications: a full or old collection, a ZGC or Shenandoah cycle) and one full collection after it give the
 * heap after collection; growth is the most of those less the baseline. A young collection's figure is left out:
 * it still holds whatever the young collections promoted and nothing has yet found dead. A bounded transport's backlog is bounded, so its growth is flat (a few slots' worth), where
 * the heap pools' peaks (the old figure) rose with every byte of eden allocated between collections.
 *
 * <p>The two explicit collections lie outside the window (before {@code begin}, after {@code end}): they cost the
 * trial wall time, not a measured pause.
 */
public final class HeapAfterGc {
    private static final Set<String> HEAP_POOLS = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).map(p -> p.getName()).collect(Collectors.toSet());
    private final AtomicLong peakAfterGc = new AtomicLong(-1);
    private long baseline = -1;

    /** A full collection now, and the heap it leaves as the baseline. Call before the window. */
    public void settle() {
        baseline = collectAndRead();
    }

    /** A collection by {@code collector} ended inside the window: the heap it left behind. Any thread (GC notifications). */
    public void afterCollection(String collector, GcInfo info) {
        if (!wholeHeap(collector)) {
            return;
        }
        long used = 0;
        for (Map.Entry<String, MemoryUsage> e : info.getMemoryUsageAfterGc().entrySet()) {
            used += HEAP_POOLS.contains(e.getKey()) ? e.getValue().getUsed() : 0;
        }
        long u = used;
        peakAfterGc.accumulateAndGet(u, Math::max);
    }

    /** Whether a collector bean's collections look at the whole heap, so that what they leave is live data. */
    static boolean wholeHeap(String collector) {
        return collector.contains("Old") || collector.contains("MarkSweep") || collector.contains("Major")
                || collector.equals("ZGC Cycles") || collector.equals("ZGC") || collector.equals("Shenandoah Cycles");
    }

    /** Forgets collections seen so far (window start). */
    public void reset() {
        peakAfterGc.set(-1);
    }

    /** After the window: a full collection, then the growth in bytes; -1 when no baseline was taken. */
    public long growthBytes() {
        if (baseline < 0) {
            return -1;
        }
        long end = collectAndRead();
        return Math.max(0, Math.max(end, peakAfterGc.get()) - baseline);
    }

    private static long collectAndRead() {
        System.gc(); // synchronous for the caller with every collector in this study (ZGC included)
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
