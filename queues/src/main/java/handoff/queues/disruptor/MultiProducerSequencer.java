package handoff.queues.disruptor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * Sequencer for any number of producer threads. The cursor is the highest <em>claimed</em> sequence,
 * advanced by CAS; claims complete out of order, so each slot carries its own published flag: the lap
 * number ({@code sequence >>> log2(bufferSize)}) of the last sequence published into it. A consumer
 * reads the flags from its next sequence upwards and stops at the first gap.
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

    @Override
    public long next(int n) {
        checkClaim(n);
        int attempt = 0;
        while (true) {
            long current = cursor.get();
            long next = current + n;
            long wrapPoint = next - bufferSize;
            long cached = gatingCache.get();
            // cached > current: another producer refreshed the cache from a newer cursor than ours;
            // our view is stale, so recompute rather than trust a minimum we cannot place.
            if (wrapPoint > cached || cached > current) {
                long gating = Sequence.minimum(gatingSequences(), current);
                if (wrapPoint > gating) {
                    waitStrategy.backOff(attempt++);
                    continue;
                }
                // Release: a producer that acquires this value is ordered after the consumers' reads
                // we acquired, so it too may overwrite those slots.
                gatingCache.set(gating);
            } else if (cursor.compareAndSet(current, next)) {
                // The CAS claims exactly the range whose capacity we checked against `current`.
                return next;
            }
        }
    }

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
        return bufferSize - (claimed - Sequence.minimum(gatingSequences(), claimed));
    }
}
