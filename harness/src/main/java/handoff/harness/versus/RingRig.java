package handoff.harness.versus;

import handoff.queues.Handler;
import handoff.queues.disruptor.Slip;

import java.util.List;
import java.util.function.Consumer;

/**
 * One ring wired as a {@link Topology}, on either implementation, through its core API (ring, barriers,
 * batch processors), the same calls in the same order on both sides, so the benchmark measures the rings and
 * not two different builders.
 */
public interface RingRig {
    /** Claims a slot, writes {@code value} into its event and publishes it. */
    void publish(long value);

    /**
     * Claims {@code n} slots at once ({@code next(n)}), writes {@code value} into each and publishes them with one
     * call ({@code publish(lo, hi)}); a rig without batch calls refuses.
     */
    default void publishBatch(long value, int n) {
        throw new UnsupportedOperationException("this rig has no batch claim");
    }

    /** Events every leaf handler has finished with. */
    long processed();

    /** Stops every handler thread and joins it: their writes are visible to the caller afterwards. */
    void halt() throws InterruptedException;

    /**
     * @param impl     {@code disruptor} (ours), {@code disruptor-noslip} (ours, temporal slipping off), {@code lmax}, or the false-sharing control's {@code padded} and
     *                 {@code unpadded} ({@link PairRig}, 1P→1C only)
     * @param handlers one per handler of {@code topology}, in its order
     * @param onError  told about a handler that threw
     */
    static RingRig of(String impl, Topology topology, List<Handler<Event>> handlers, Policy policy, int capacity,
                  Consumer<Throwable> onError) {
        return switch (impl) {
            case VersusCsv.OURS -> new OursRig(topology, handlers, policy, capacity, Slip.DEFAULT, onError);
            case VersusCsv.NO_SLIP -> new OursRig(topology, handlers, policy, capacity, Slip.OFF, onError);
            case "lmax" -> new LmaxRig(topology, handlers, policy, capacity, onError);
            case SequencePair.PADDED, SequencePair.UNPADDED -> new PairRig(topology, handlers, policy, capacity, impl, onError);
            default -> throw new IllegalArgumentException("unknown impl '" + impl + "'; allowed: disruptor, "
                    + VersusCsv.NO_SLIP + ", lmax, padded, unpadded");
        };
    }

    /** Starts one daemon thread per processor, named after its handler's index. */
    static Thread[] start(List<? extends Runnable> processors) {
        Thread[] threads = new Thread[processors.size()];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(processors.get(i), "stage-" + i);
            threads[i].setDaemon(true);
            threads[i].start();
        }
        return threads;
    }

    static void join(Thread[] threads) throws InterruptedException {
        for (Thread t : threads) {
            t.join();
        }
    }
}
