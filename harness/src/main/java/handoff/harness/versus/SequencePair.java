package handoff.harness.versus;

import handoff.queues.disruptor.Sequence;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The two sequences of a single-producer, single-consumer ring ({@link PairRig}): the producer's cursor (what it has
 * published) and the consumer's sequence (what it has handled), with the orderings the hand-rolled Disruptor uses
 * (release store, acquire load). Two layouts, the one thing the false-sharing control varies: {@link #padded()} keeps
 * each on cache lines of its own (the study's {@link Sequence}, 128 bytes of padding each side), {@link #unpadded()}
 * puts both longs in one small object, on one line, so every publish invalidates the line the consumer's sequence
 * sits on and every consumed batch the producer's. A benchmark-only variant: nothing in the study's transports uses it.
 */
abstract class SequencePair {
    static final String PADDED = "padded";
    static final String UNPADDED = "unpadded";

    /** The producer's cursor, acquire. */
    abstract long cursor();

    /** Publishes up to {@code value}, release. */
    abstract void publishCursor(long value);

    /** The consumer's sequence, acquire. */
    abstract long consumed();

    /** Marks everything up to {@code value} handled, release. */
    abstract void setConsumed(long value);

    static SequencePair of(String layout) {
        return switch (layout) {
            case PADDED -> padded();
            case UNPADDED -> unpadded();
            default -> throw new IllegalArgumentException("unknown layout '" + layout + "'; allowed: padded, unpadded");
        };
    }

    static SequencePair padded() {
        return new Padded();
    }

    static SequencePair unpadded() {
        return new SharedLine();
    }

    /** Each sequence a padded {@link Sequence} of its own. */
    private static final class Padded extends SequencePair {
        private final Sequence cursor = new Sequence(Sequence.INITIAL);
        private final Sequence consumed = new Sequence(Sequence.INITIAL);

        @Override
        long cursor() {
            return cursor.get();
        }

        @Override
        void publishCursor(long value) {
            cursor.set(value);
        }

        @Override
        long consumed() {
            return consumed.get();
        }

        @Override
        void setConsumed(long value) {
            consumed.set(value);
        }
    }

    /** Both sequences side by side in one 32-byte object: one cache line. */
    private static final class SharedLine extends SequencePair {
        private static final VarHandle CURSOR;
        private static final VarHandle CONSUMED;

        static {
            try {
                CURSOR = MethodHandles.lookup().findVarHandle(SharedLine.class, "cursor", long.class);
                CONSUMED = MethodHandles.lookup().findVarHandle(SharedLine.class, "consumedValue", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private long cursor = Sequence.INITIAL;
        private long consumedValue = Sequence.INITIAL;

        @Override
        long cursor() {
            return (long) CURSOR.getAcquire(this);
        }

        @Override
        void publishCursor(long value) {
            CURSOR.setRelease(this, value);
        }

        @Override
        long consumed() {
            return (long) CONSUMED.getAcquire(this);
        }

        @Override
        void setConsumed(long value) {
            CONSUMED.setRelease(this, value);
        }
    }
}
