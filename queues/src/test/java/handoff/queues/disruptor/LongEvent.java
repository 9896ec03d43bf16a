package handoff.queues.disruptor;

/** A slot for the tests: a value the producer writes and one mark per stage. */
final class LongEvent {
    long value;
    long producer;
    final long[] seenBy = new long[4];

    @Override
    public String toString() {
        return "LongEvent{" + value + '}';
    }
}
