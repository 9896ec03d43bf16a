package handoff.queues.disruptor.jcstress;

import handoff.queues.disruptor.RingBuffer;

/** A ring slot for the stress tests: two fields written by the producer, one by a first stage. */
final class Slot {
    long a;
    long b;
    long stage1;

    /** Claims the next slot, writes {@code a} and {@code b} into it and publishes it: one producer's whole step. */
    static long publish(RingBuffer<Slot> ring, long a, long b) {
        long seq = ring.next();
        Slot s = ring.get(seq);
        s.a = a;
        s.b = b;
        ring.publish(seq);
        return seq;
    }
}
