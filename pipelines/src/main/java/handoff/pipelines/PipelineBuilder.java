package handoff.pipelines;

import handoff.queues.Buffering;
import handoff.queues.Consume;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Wait;
import java.util.Arrays;
import java.util.Objects;

/** Configuration; every setting has a default except the transport. */
public final class PipelineBuilder {
    final Transport transport;
    int producers = 1;
    Wait waitStrategy = Wait.PARK;
    int capacity = 1024;
    int work = 1;
    ThreadSource threads = ThreadSource.DAEMON;
    boolean stamping;
    Orders orders;
    Pipeline.Tap tap;
    int[] workers = {1, 1, 1};
    Consume consume = Consume.ONE;
    Buffering buffering = Buffering.PER_HOP;

    PipelineBuilder(Transport transport) {
        this.transport = Objects.requireNonNull(transport, "transport");
    }

    public PipelineBuilder producers(int n) {
        producers = n;
        return this;
    }

    public PipelineBuilder waitStrategy(Wait w) {
        waitStrategy = Objects.requireNonNull(w, "wait");
        return this;
    }

    /** Per hop; a power of two. */
    public PipelineBuilder capacity(int n) {
        capacity = n;
        return this;
    }

    /** Extra mixing rounds per stage and event (0 = the bare stage). */
    public PipelineBuilder work(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("work " + n + " must be >= 0");
        }
        work = n;
        return this;
    }

    public PipelineBuilder threads(ThreadSource source) {
        threads = Objects.requireNonNull(source, "threads");
        return this;
    }

    /** Whether each stage stamps {@link System#nanoTime()} on entry (latency runs) or not (throughput runs). */
    public PipelineBuilder stamping(boolean on) {
        stamping = on;
        return this;
    }

    /** Input lines; default {@link Orders#standard()}. */
    public PipelineBuilder orders(Orders o) {
        orders = Objects.requireNonNull(o, "orders");
        return this;
    }

    /**
     * Workers per stage, in stage order (parse, enrich, aggregate), each >= 1; default one each. More
     * than one needs a transport whose {@link Transport#maxWorkers()} allows it.
     */
    public PipelineBuilder workers(int... perStage) {
        if (perStage.length != Pipeline.STAGES) {
            throw new IllegalArgumentException("workers " + Arrays.toString(perStage) + ": give one count per stage ("
                    + Pipeline.STAGES + ")");
        }
        for (int w : perStage) {
            if (w < 1) {
                throw new IllegalArgumentException("workers " + Arrays.toString(perStage) + ": each stage needs at least one");
            }
        }
        workers = perStage.clone();
        return this;
    }

    /** How queue stages take events; a transport without this mode runs its own ({@link Transport#consumeFor}). */
    public PipelineBuilder consume(Consume mode) {
        consume = Objects.requireNonNull(mode, "consume");
        return this;
    }

    /** What {@link #capacity} bounds: every hop, or the pipeline's total ({@link Buffering}). */
    public PipelineBuilder buffering(Buffering mode) {
        buffering = Objects.requireNonNull(mode, "buffering");
        return this;
    }

    /** Called after each event is aggregated; needs a single aggregate worker. */
    public PipelineBuilder tap(Pipeline.Tap t) {
        tap = t;
        return this;
    }

    /** Builds the chain and starts its stage threads. */
    public Pipeline start() {
        if (orders == null) {
            orders = Orders.standard();
        }
        Pipeline p = new Pipeline(this);
        p.chain.start();
        return p;
    }
}
