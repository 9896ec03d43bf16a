package handoff.harness.fanout;

import handoff.harness.meters.TrialThreads;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;

/**
 * One run of a topology: the calling thread is the producer, the run is timed from its first publish until
 * every leaf has taken the last event, then stopped and every leaf's fold verified.
 */
final class TopologyRun {
    record Result(long nanos, String failure) {
    }

    private TopologyRun() {
    }

    static Result run(String topology, Transport t, Wait wait, int capacity, long events, ThreadSource threads,
                      long stallMs) throws InterruptedException {
        Topologies.Running r = Topologies.start(topology, t, wait, capacity, threads);
        long start = System.nanoTime();
        String failure = null;
        for (long v = 0; v < events && failure == null; v++) {
            r.publish(v);
            if ((v & 0xFFFF) == 0) {
                failure = firstFailure(r);
            }
        }
        if (failure == null) {
            failure = Completion.await(() -> r.leaves().stream().mapToLong(ConsumerVerifier::count).sum(),
                    events * r.leaves().size(), () -> firstFailure(r), stallMs);
        }
        long nanos = System.nanoTime() - start;
        if (threads instanceof TrialThreads trial) {
            trial.activity().adoptNamedNow(); // a ring's processors are the rig's own threads: count their CPU too
        }
        r.halt();
        for (ConsumerVerifier f : r.leaves()) {
            String why = f.verify(events, topology.equals(Topologies.DIAMOND));
            if (failure == null && why != null) {
                failure = why;
            }
        }
        return new Result(nanos, failure);
    }

    private static String firstFailure(Topologies.Running r) {
        for (ConsumerVerifier f : r.leaves()) {
            if (f.failure() != null) {
                return f.failure();
            }
        }
        return null;
    }
}
