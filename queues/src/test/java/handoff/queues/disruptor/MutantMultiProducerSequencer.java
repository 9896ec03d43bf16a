package handoff.queues.disruptor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * Test fixture, never used by production code: {@link MultiProducerSequencer}'s algorithm with one
 * {@link Fault} injected, to show that {@link SequencerChecks} catch it ({@link MutantCheckTest}). It
 * follows the production class step for step (the claim by atomic add, the shared gating cache, the
 * per-slot lap flags) except at the fault; only the padding is left out.
 */
final class MutantMultiProducerSequencer extends Sequencer {
    enum Fault {
        /** next(n) waits until the consumers have left the first slot of its claim, not all n slots. */
        NEXT_WAITS_FOR_FIRST_SLOT_ONLY,
        /** tryNext checks for room, then claims with a store of the cursor instead of a CAS. */
        TRY_NEXT_WITHOUT_CAS,
        /** The per-slot published flags are written and read plain instead of release/acquire. */
        PLAIN_FLAGS
    }

    private static final VarHandle FLAG = MethodHandles.arrayElementVarHandle(int[].class);

    private final Fault fault;
    private final Sequence gatingCache = new Sequence(Sequence.INITIAL);
    private final int[] published;
    private final int indexMask;
    private final int indexShift;

    MutantMultiProducerSequencer(int bufferSize, WaitStrategy waitStrategy, Fault fault) {
        super(bufferSize, waitStrategy);
        this.fault = fault;
        published = new int[bufferSize];
        indexMask = bufferSize - 1;
        indexShift = Integer.numberOfTrailingZeros(bufferSize);
        Arrays.fill(published, -1);
    }

    @Override
    public long next(int n) {
        checkClaim(n);
        long next = cursor.addAndGet(n);
        long current = next - n;
        long last = fault == Fault.NEXT_WAITS_FOR_FIRST_SLOT_ONLY ? current + 1 : next; // the fault
        long wrapPoint = last - bufferSize;
        long cached = gatingCache.get();
        if (wrapPoint > cached || cached > current) {
            long gating;
            int attempt = 0;
            while (wrapPoint > (gating = Sequence.minimum(gatingSequences(), current))) {
                waitStrategy.backOff(attempt++);
            }
            gatingCache.set(gating);
        }
        return next;
    }

    @Override
    public long tryNext(int n) throws InsufficientCapacityException {
        checkClaim(n);
        while (true) {
            long current = cursor.get();
            if (!hasCapacity(current, n)) {
                throw InsufficientCapacityException.INSTANCE;
            }
            if (fault == Fault.TRY_NEXT_WITHOUT_CAS) {
                cursor.set(current + n); // the fault: another producer may have claimed since the read
                return current + n;
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
        int index = (int) sequence & indexMask;
        int lap = (int) (sequence >>> indexShift);
        if (fault == Fault.PLAIN_FLAGS) {
            FLAG.set(published, index, lap); // the fault
        } else {
            FLAG.setRelease(published, index, lap);
        }
    }

    @Override
    public boolean isAvailable(long sequence) {
        int index = (int) sequence & indexMask;
        int flag = fault == Fault.PLAIN_FLAGS ? (int) FLAG.get(published, index) // the fault
                : (int) FLAG.getAcquire(published, index);
        return flag == (int) (sequence >>> indexShift);
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
        return Math.max(0, bufferSize - (claimed - Sequence.minimum(gatingSequences(), claimed)));
    }
}
