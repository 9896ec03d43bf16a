package handoff.queues;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One way of handing events between threads. An implementation is one class, registered with one line
 * in {@link Transports}; the RTT harness, the pipelines, the plots and the report find it there.
 */
public interface Transport {
    /** Short stable id used on the command line, in file names and in result rows (e.g. {@code abq}). */
    String id();

    /** What it is, for the report (e.g. "java.util.concurrent.ArrayBlockingQueue"). */
    String description();

    /** The wait strategies it can run; a trial asking for another one is reported as {@code n/a}. */
    Set<Wait> waits();

    /** Most producer threads it supports ({@code Integer.MAX_VALUE} for multi-producer transports). */
    default int maxProducers() {
        return Integer.MAX_VALUE;
    }

    /**
     * Most worker threads one stage may have. 1 where a hop can have only one consumer (single-consumer
     * queues, Flow's one subscriber per hop); more where several workers can share a hop (a multi-consumer
     * queue they all poll, or a ring they stripe by sequence).
     */
    default int maxWorkers() {
        return 1;
    }

    /** Whether it keeps its elements in pre-allocated slots (rings) rather than allocating per message. */
    default boolean preallocated() {
        return false;
    }

    /**
     * The producer models it can be built with for this many producers, when it has the choice (rings: both
     * with one producer, multi with more); empty for transports that have only one way to accept producers.
     */
    default List<ProducerModel> producerModels(int producers) {
        return List.of();
    }

    /** Whether every hop holds at most its capacity; false for an unbounded queue, which never refuses an event. */
    default boolean bounded() {
        return true;
    }

    /**
     * Null when a producer may take the oldest not-yet-started event back out of the first hop
     * ({@link Chain#discardOldest()}), else why it cannot do that safely.
     */
    default String discardOldestUnsupported() {
        return id() + " has no call that takes an event back once it was handed over";
    }

    /** Whether the pipeline suites use it; the wait-free baseline is an RTT floor only. */
    default boolean pipelineCapable() {
        return true;
    }

    <E> Chain<E> chain(ChainSpec<E> spec);

    /**
     * How its consumers can take events ({@link Consume}): queues either way, rings only in batches (a batch event
     * processor takes every slot it sees), a transport with its own delivery one at a time. A mode it lacks is not
     * an {@code n/a} row: the transport runs its own, and the row names it.
     */
    default Set<Consume> consumeModes() {
        return EnumSet.of(Consume.ONE);
    }

    /** The mode a row over this transport runs when {@code asked} is requested: {@code asked} if it has it, else its own. */
    default Consume consumeFor(Consume asked) {
        return consumeModes().contains(asked) ? asked : consumeModes().iterator().next();
    }

    /**
     * Events one of its per-hop buffers holds when asked for {@code requested} (a buffer whose storage must be a
     * power of two rounds up); -1 when a hop is unbounded. Rings have one buffer for the whole chain of
     * {@code capacity} slots, a power of two already.
     */
    default long heldPerHop(int requested) {
        return bounded() ? requested : -1;
    }

    /**
     * What a thread of this transport waiting with {@code wait} actually does (consumers, and producers waiting for
     * room): the label alone does not say it ({@code lmax/park} is LMAX's SleepingWaitStrategy, ours park with
     * back-off). Shown as {@code idle_policy}.
     */
    default String idlePolicy(Wait wait) {
        return IdlePolicy.ours(wait, IdlePolicy.QUEUE_BLOCK);
    }

    /**
     * A control configuration, not a transport of the study: left out of the default set (the suites that need it
     * add it themselves, e.g. {@code lmax-ours} beside {@code lmax} in the pipeline's decision table).
     */
    default boolean control() {
        return false;
    }

    /**
     * JVM flags of the published harness whose figures this transport's rows are set beside, where it runs with
     * other settings than the study's: real-logic/benchmarks runs Agrona's ring buffers and Aeron IPC with bounds
     * checks off and ParallelGC. Empty: the study's own settings.
     */
    default List<String> publishedHarnessFlags() {
        return List.of();
    }

    /** Null when it can run one worker per stage with this wait and producers, else the reason it cannot. */
    default String unsupported(Wait wait, int producers) {
        return unsupported(wait, producers, 1);
    }

    /** Null when it can run such a chain, else the reason it cannot (reported as {@code n/a}). */
    default String unsupported(Wait wait, int producers, int workersPerStage) {
        if (!waits().contains(wait)) {
            return id() + " has no '" + wait.id() + "' wait";
        }
        if (producers > maxProducers()) {
            return id() + " supports at most " + maxProducers() + " producer(s)";
        }
        if (workersPerStage > maxWorkers()) {
            return id() + " allows one consumer per hop: no stage can have " + workersPerStage + " workers";
        }
        return null;
    }
}
