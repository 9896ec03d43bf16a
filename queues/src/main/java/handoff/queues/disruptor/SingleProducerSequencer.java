package handoff.queues.disruptor;

/** Keeps the producer's fields off the cache lines of the fields consumers read (header included). */
abstract class SingleProducerLhsPadding extends Sequencer {
    protected long p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16;

    SingleProducerLhsPadding(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, waitStrategy);
    }
}

abstract class SingleProducerFields extends SingleProducerLhsPadding {
    /** Highest sequence claimed. Producer thread only: plain. */
    protected long nextValue = Sequence.INITIAL;
    /** Producer's last view of the slowest gating consumer; refreshed only when it says "full". */
    protected long cachedGating = Sequence.INITIAL;

    SingleProducerFields(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, waitStrategy);
    }
}

abstract class SingleProducerRhsPadding extends SingleProducerFields {
    protected long p17, p18, p19, p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p30, p31, p32;

    SingleProducerRhsPadding(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, waitStrategy);
    }
}

/**
 * Sequencer for exactly one producer thread: claiming is a plain add, publishing one release store of
 * the cursor. No CAS, no per-slot flags.
 *
 * <p>The producer re-reads the consumers' sequences only when its cached minimum says the claim would
 * lap one; in steady state it touches nothing but its own fields and the cursor. Not thread-safe for
 * producers: a second producer thread corrupts it silently (use {@link MultiProducerSequencer}).
 */
public final class SingleProducerSequencer extends SingleProducerRhsPadding {
    public SingleProducerSequencer(int bufferSize, WaitStrategy waitStrategy) {
        super(bufferSize, waitStrategy);
    }

    @Override
    public long next(int n) {
        checkClaim(n);
        long current = nextValue;
        long next = current + n;
        long wrapPoint = next - bufferSize;
        if (wrapPoint > cachedGating) {
            cachedGating = awaitGating(wrapPoint, current);
        }
        nextValue = next;
        return next;
    }

    /** Slow path, kept out of next() so the fast path stays small enough to inline. */
    private long awaitGating(long wrapPoint, long current) {
        long min;
        int attempt = 0;
        // Acquire loads of the consumers' sequences: their reads of the slots we are about to
        // overwrite happen-before our writes.
        while (wrapPoint > (min = Sequence.minimum(gatingSequences(), current))) {
            waitStrategy.backOff(attempt++);
        }
        return min;
    }

    @Override
    public long tryNext(int n) throws InsufficientCapacityException {
        checkClaim(n);
        if (!hasAvailableCapacity(n)) {
            throw InsufficientCapacityException.INSTANCE;
        }
        return nextValue += n;
    }

    @Override
    public boolean hasAvailableCapacity(int n) {
        long current = nextValue;
        long wrapPoint = current + n - bufferSize;
        if (wrapPoint > cachedGating) {
            long min = Sequence.minimum(gatingSequences(), current);
            cachedGating = min;
            return wrapPoint <= min;
        }
        return true;
    }

    @Override
    public void publish(long sequence) {
        // Release: the producer's writes to the slot happen-before any consumer's acquire of the cursor.
        cursor.set(sequence);
        waitStrategy.signalAllWhenBlocking();
    }

    @Override
    public void publish(long lo, long hi) {
        publish(hi);
    }

    @Override
    public boolean isAvailable(long sequence) {
        long published = cursor.get();
        return sequence <= published && sequence > published - bufferSize;
    }

    @Override
    public long highestPublished(long lowerBound, long available) {
        return available; // the cursor only ever moves past published slots
    }

    @Override
    public long remainingCapacity() {
        long claimed = nextValue;
        return bufferSize - (claimed - Sequence.minimum(gatingSequences(), claimed));
    }
}
