package handoff.queues.disruptor.jcstress;

/** A ring slot for the stress tests: two fields written by the producer, one by a first stage. */
final class Slot {
    long a;
    long b;
    long stage1;
}
