package handoff.queues.disruptor;

import java.lang.invoke.VarHandle;

/** Keeps the producer's fields off the cache lines of the fields consumers read (header included). */
abstract class SingleProducerLhsPadding extends Sequencer {
    protected byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015,
            p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031,
            p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047,
            p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063,
            p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079,
            p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095,
            p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111,
            p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;

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
    protected byte p128, p129, p130, p131, p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143,
            p144, p145, p146, p147, p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159,
            p160, p161, p162, p163, p164, p165, p166, p167, p168, p169, p170, p171, p172, p173, p174, p175,
            p176, p177, p178, p179, p180, p181, p182, p183, p184, p185, p186, p187, p188, p189, p190, p191,
            p192, p193, p194, p195, p196, p197, p198, p199, p200, p201, p202, p203, p204, p205, p206, p207,
            p208, p209, p210, p211, p212, p213, p214, p215, p216, p217, p218, p219, p220, p221, p222, p223,
            p224, p225, p226, p227, p228, p229, p230, p231, p232, p233, p234, p235, p236, p237, p238, p239,
            p240, p241, p242, p243, p244, p245, p246, p247, p248, p249, p250, p251, p252, p253, p254, p255;

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
 * Claims never run more than one ring ahead of the last publish: with no consumer gating, such a claim
 * (which could only overwrite the producer's own unpublished claims) waits for that publish forever.
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
            cachedGating = awaitGating(wrapPoint);
        }
        nextValue = next;
        return next;
    }

    /** Slow path, kept out of next() so the fast path stays small enough to inline. */
    private long awaitGating(long wrapPoint) {
        long min;
        int attempt = 0;
        while (wrapPoint > (min = gatingMinimum())) {
            waitStrategy.backOff(attempt++);
        }
        return min;
    }

    /**
     * The slowest gating consumer, capped by the last published sequence (a consumer is never past it).
     * Acquire loads of the consumers' sequences: their reads of the slots we are about to overwrite
     * happen-before our writes. The fence orders our last publish before the read of the gating array,
     * which a consumer added at run time relies on ({@link #addGatingSequences}); it costs one fence per
     * refresh of the cache, not per claim. Capped by the published cursor, not by our claims: a consumer
     * added at run time starts after the published cursor, which is all it can see of us.
     */
    private long gatingMinimum() {
        VarHandle.fullFence();
        return Sequence.minimum(gatingSequences(), cursor.getPlain());
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
            long min = gatingMinimum();
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
