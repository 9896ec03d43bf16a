package handoff.queues.disruptor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * Sequencer for any number of producer threads. The cursor is the highest <em>claimed</em> sequence,
 * advanced by an atomic add ({@link #next}) or a CAS ({@link #tryNext}); claims complete out of order,
 * so each slot carries its own published flag: the lap number ({@code sequence >>> log2(bufferSize)})
 * of the last sequence published into it. A consumer reads the flags from its next sequence upwards
 * and stops at the first gap.
 */
public final class MultiProducerSequencer extends Sequencer {
    private static final VarHandle FLAG = MethodHandles.arrayElementVarHandle(int[].class);

    /** Shared by the producers: the last seen minimum of the gating consumers (padded, CAS-free). */
    private final Sequence gatingCache = new Sequence(Sequence.INITIAL);
    private final int[] published;
    private final int indexMask;
    private final int indexShift;

    public MultiProducerSequencer(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, waitStrategy);
        published = new int[bufferSize];
        indexMask = bufferSize - 1;
        indexShift = Integer.numberOfTrailingZeros(bufferSize);
        // Lap -1: nothing published yet (lap 0 writes 0). A final field, so the filled array is visible
        // to every thread that sees this sequencer, however it was shared.
        Arrays.fill(published, -1);
    }

    /**
     * Claims first, then waits for room. One atomic add (x86 {@code lock xadd}) never fails, where a
     * check-then-CAS loop loses to every producer that moved the cursor since its read and starts over;
     * with 3 producers on 2 CPUs the CAS loop ran at 0.65x LMAX's throughput (JMH threeToOne, yield).
     * Claiming before the capacity check is safe because the caller writes the slots only after this
     * returns, and it returns only once the consumers have left them.
     */
    @Override
    public long next(int n) {
        checkClaim(n);
        long next = cursor.addAndGet(n);
        long current = next - n;
        long wrapPoint = next - bufferSize;
        long cached = gatingCache.get();
        // cached > current: another producer refreshed the cache from a newer cursor than ours; a minimum
        // we cannot place against our claim is recomputed rather than trusted.
        if (wrapPoint > cached || cached > current) {
            long gating;
            int attempt = 0;
            // Acquire loads of the consumers' sequences: their reads of these slots happen-before our writes.
            while (wrapPoint > (gating = Sequence.minimum(gatingSequences(), current))) {
                waitStrategy.backOff(attempt++);
            }
            // Release: a producer that acquires this value is ordered after the consumers' reads we
            // acquired, so it too may overwrite those slots.
            gatingCache.set(gating);
        }
        return next;
    }

    /** Check, then CAS: unlike {@link #next}, a claim here must never be made without room for it. */
    @Override
    public long tryNext(int n) throws InsufficientCapacityException {
        checkClaim(n);
        while (true) {
            long current = cursor.get();
            if (!hasCapacity(current, n)) {
                throw InsufficientCapacityException.INSTANCE;
            }
            if (cursor.compareAndSet(current, current + n)) {
                return current + n;
            }
        }
    }

    @Override
    public boolean hasAvailableCapacity(int n) {
        return hasCapacity(cursor.get(), n);
    }

    private boolean hasCapacity(long current, int n) {
        long wrapPoint = current + n - bufferSize;
        long cached = gatingCache.get();
        if (wrapPoint > cached || cached > current) {
            long gating = Sequence.minimum(gatingSequences(), current);
            if (wrapPoint > gating) {
                return false;
            }
            gatingCache.set(gating);
        }
        return true;
    }

    @Override
    public void publish(long sequence) {
        setPublished(sequence);
        waitStrategy.signalAllWhenBlocking();
    }

    @Override
    public void publish(long lo, long hi) {
        for (long s = lo; s <= hi; s++) {
            setPublished(s);
        }
        waitStrategy.signalAllWhenBlocking();
    }

    private void setPublished(long sequence) {
        // Release: the slot's contents happen-before a consumer's acquire of this flag.
        FLAG.setRelease(published, (int) sequence & indexMask, (int) (sequence >>> indexShift));
    }

    @Override
    public boolean isAvailable(long sequence) {
        return (int) FLAG.getAcquire(published, (int) sequence & indexMask) == (int) (sequence >>> indexShift);
    }

    @Override
    public long highestPublished(long lowerBound, long available) {
        for (long s = lowerBound; s <= available; s++) {
            if (!isAvailable(s)) {
                return s - 1;
            }
        }
        return available;
    }

    @Override
    public long remainingCapacity() {
        long claimed = cursor.get();
        // producers waiting in next() hold claims past the ring's end: that is no room, not negative room
        return Math.max(0, bufferSize - (claimed - Sequence.minimum(gatingSequences(), claimed)));
    }
}
