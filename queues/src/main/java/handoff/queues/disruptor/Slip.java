package handoff.queues.disruptor;

/**
 * Temporal slipping: a consumer that finds only a few events already waiting holds back for a moment before it
 * takes them, so that it trails its producer by a batch instead of by a slot or two. The technique and its name are
 * from FastForward (Giacomoni, Moseley and Vachharajani, "FastForward for Efficient Pipeline Parallelism", PPoPP
 * 2008), which delays a consumer that runs too close behind its producer because the two then keep taking the same
 * cache lines from each other; this code is ours.
 *
 * <p>Why it matters here (issue 28, measured in the package notes): a consumer right behind a streaming producer
 * re-reads the cursor's line after every few publishes and reads slots the producer is still writing next to, so
 * each of the producer's next stores needs its line back: both threads then run at the pace of those transfers. The
 * consumer that spends the least time per batch suffers most, because it comes back soonest. Slipping trades up to
 * {@link #nanos()} ns of added latency, and only for an event that arrives while earlier ones are still waiting, for
 * batches of tens to hundreds of events.
 *
 * <p>It never delays an event that the consumer had to wait for: a consumer that found nothing waiting (ping-pong,
 * any load below saturation with gaps between events) takes what its wait returns at once. Each processor has its
 * own ({@link BatchEventProcessor}'s constructor, {@link Disruptor}'s), so one JVM can run a ring with it and one
 * without ({@link #OFF}) side by side. While slipping it spins
 * on {@code System.nanoTime()} and {@link Thread#onSpinWait()}, touching no line the producer writes.
 */
public final class Slip {
    /**
     * Fewer events than this already waiting means "right behind a streaming producer". 64: well past the few
     * events per batch measured in the close-chase regime (5-9), below the hundreds measured once slipping.
     */
    public static final long MIN_BATCH = 64;
    /**
     * The longest hold of {@link #DEFAULT}, in ns; {@code -Dhandoff.disruptor.slipNanos=0} turns it off for the whole
     * JVM. 300 ns: long enough for a producer publishing every few ns to move several cache lines ahead, short against
     * the microsecond hand-offs the study reports.
     */
    static final long DEFAULT_NANOS = Long.getLong("handoff.disruptor.slipNanos", 300L);
    /** The slip every processor gets unless it is built with another: {@link #DEFAULT_NANOS}. */
    public static final Slip DEFAULT = new Slip(DEFAULT_NANOS);
    /** No slip: the processor takes what is waiting at once, as LMAX's does (transport {@code disruptor-noslip}). */
    public static final Slip OFF = new Slip(0);

    private final long nanos;

    private Slip(long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("slip nanos " + nanos + " must be 0 (off) or more");
        }
        this.nanos = nanos;
    }

    /** The longest hold in ns; 0: slipping is off. */
    public long nanos() {
        return nanos;
    }

    /** Whether {@code waiting} events (at least one) already readable are few enough to slip for. */
    boolean tooFew(long waiting) {
        return nanos > 0 && waiting < MIN_BATCH;
    }

    /** Spins for {@link #nanos()} ns without reading anything another thread writes. */
    void hold() {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait();
        }
    }

    @Override
    public String toString() {
        return nanos == 0 ? "slip off" : "slip " + nanos + " ns below " + MIN_BATCH + " waiting";
    }
}
