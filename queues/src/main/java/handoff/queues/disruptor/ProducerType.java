package handoff.queues.disruptor;

/** How many threads claim slots, which decides the sequencer: the one-producer kind needs no CAS. */
public enum ProducerType {
    /** Exactly one thread ever calls {@code next}/{@code publish}: {@link SingleProducerSequencer}. */
    SINGLE,
    /** Any number of threads: {@link MultiProducerSequencer}. */
    MULTI
}
