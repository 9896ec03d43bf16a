package handoff.harness.fanout;

import handoff.harness.versus.Event;
import handoff.harness.versus.Policy;
import handoff.harness.versus.RingRig;
import handoff.harness.versus.Topology;
import handoff.pipelines.Mix;
import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.List;

/**
 * LMAX's multicast (1 producer, 3 consumers that each see every event) and diamond (two consumers in parallel,
 * a third that joins both) topologies. Rings run them natively, one ring with dependent processors
 * ({@link RingRig}, shared with the {@code disruptor} suite); every other transport with one hop per arc, as the
 * LMAX paper did for ArrayBlockingQueue: multicast = three hops the producer publishes into; diamond = a hop to
 * each side, and one hop into the join fed by both sides' threads (the join's two arcs share it, each message
 * saying which side it is from). Every consumer folds what it saw into a {@link ConsumerVerifier}, checked against what the
 * producer sent.
 */
final class Topologies {
    static final String MULTICAST = "multicast";
    static final String DIAMOND = "diamond";
    static final int CONSUMERS = 3;

    /** A running topology: the producer's call, and the leaves' folds. */
    interface Running {
        void publish(long value);

        List<ConsumerVerifier> leaves();

        void halt() throws InterruptedException;
    }

    private Topologies() {
    }

    /** Whether the transport runs these natively, as one ring. */
    static boolean isRing(Transport t) {
        return t.id().equals("disruptor") || t.id().equals("lmax");
    }

    static Running start(String topology, Transport t, Wait wait, int capacity, ThreadSource threads) {
        boolean multicast = topology.equals(MULTICAST);
        if (!multicast && !topology.equals(DIAMOND)) {
            throw new IllegalArgumentException("unknown topology '" + topology + "'; allowed: multicast, diamond");
        }
        return isRing(t) ? ring(multicast, t.id(), wait, capacity) : multicast ? hopsMulticast(t, wait, capacity, threads)
                : hopsDiamond(t, wait, capacity, threads);
    }

    /** Diamond sides: what the two parallel consumers compute from the value, the join checks and sums. */
    static long left(long v) {
        return Mix.mix64(v);
    }

    static long right(long v) {
        return Mix.mix64(~v);
    }

    private static Running ring(boolean multicast, String impl, Wait wait, int capacity) {
        List<ConsumerVerifier> folds = new ArrayList<>();
        List<Handler<Event>> handlers = new ArrayList<>();
        if (multicast) {
            for (int c = 0; c < CONSUMERS; c++) {
                ConsumerVerifier f = new ConsumerVerifier(c);
                folds.add(f);
                handlers.add((e, end) -> f.take(e.value));
            }
        } else {
            handlers.add((e, end) -> e.left = left(e.value));
            handlers.add((e, end) -> e.right = right(e.value));
            ConsumerVerifier f = new ConsumerVerifier(0);
            folds.add(f);
            handlers.add((e, end) -> f.join(e.value, e.left, e.right));
        }
        RingRig rig = RingRig.of(impl, multicast ? Topology.MULTICAST_1P3C : Topology.DIAMOND_1P3C, handlers,
                new Policy(wait, false), capacity, failure -> folds.get(0).fail("a handler threw " + failure));
        return new Running() {
            @Override
            public void publish(long value) {
                rig.publish(value);
            }

            @Override
            public List<ConsumerVerifier> leaves() {
                return folds;
            }

            @Override
            public void halt() throws InterruptedException {
                rig.halt();
            }
        };
    }

    private static Running hopsMulticast(Transport t, Wait wait, int capacity, ThreadSource threads) {
        List<ConsumerVerifier> folds = new ArrayList<>();
        List<Chain<FanEvent>> arcs = new ArrayList<>();
        for (int c = 0; c < CONSUMERS; c++) {
            ConsumerVerifier f = new ConsumerVerifier(c);
            folds.add(f);
            arcs.add(hop(t, wait, capacity, 1, (e, end) -> f.take(e.key), threads, "c" + c, f));
        }
        return new Hops(arcs, arcs, folds);
    }

    private static Running hopsDiamond(Transport t, Wait wait, int capacity, ThreadSource threads) {
        ConsumerVerifier f = new ConsumerVerifier(0);
        Join join = new Join(capacity, f);
        Chain<FanEvent> toJoin = hop(t, wait, capacity, 2, (e, end) -> join.take(e.key, e.stamp), threads, "join", f);
        Chain<FanEvent> a = hop(t, wait, capacity, 1,
                (e, end) -> toJoin.publish(FanEvent.FILL, e.key << 1, left(e.key)), threads, "left", f);
        Chain<FanEvent> b = hop(t, wait, capacity, 1,
                (e, end) -> toJoin.publish(FanEvent.FILL, (e.key << 1) | 1, right(e.key)), threads, "right", f);
        return new Hops(List.of(a, b), List.of(toJoin, a, b), List.of(f));
    }

    private static Chain<FanEvent> hop(Transport t, Wait wait, int capacity, int producers, Handler<FanEvent> h,
                                       ThreadSource threads, String name, ConsumerVerifier reportTo) {
        return t.chain(new ChainSpec<>(capacity, producers, wait, FanEvent::new, List.of(h),
                (role, body) -> threads.newThread(name + "-" + role, body), e -> reportTo.fail("a handler threw " + e)));
    }

    /** Hops: {@code entry} the producer publishes into, {@code all} started join-first and halted entry-first. */
    private record Hops(List<Chain<FanEvent>> entry, List<Chain<FanEvent>> all, List<ConsumerVerifier> leaves) implements Running {
        Hops {
            all.forEach(Chain::start);
        }

        @Override
        public void publish(long value) {
            for (Chain<FanEvent> c : entry) {
                c.publish(FanEvent.FILL, value, 0);
            }
        }

        @Override
        public void halt() throws InterruptedException {
            for (int i = all.size() - 1; i >= 0; i--) {
                all.get(i).halt();
            }
        }
    }
}
