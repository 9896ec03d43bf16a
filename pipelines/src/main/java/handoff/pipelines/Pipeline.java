package handoff.pipelines;

import handoff.queues.Buffering;
import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Consume;
import handoff.queues.HandoffCounts;
import handoff.queues.Handler;
import handoff.queues.Translator;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The parse → enrich → aggregate pipeline over any {@link Transport}: one thread per stage (roles
 * {@code stage-0..2}) by default, or several workers per stage (e.g. 4,4,2) where the transport can share
 * a hop between consumers, fed by up to {@code producers} threads calling {@link #publish}. This one
 * class is the assembly for every transport family; what differs between families lives behind
 * {@link Chain}, so nothing here may depend on which transport it runs over.
 *
 * <p>Every worker has its own stage instance. Aggregate workers each keep partial tables (an event
 * reaches exactly one of them) which {@link #aggregate()} and {@link #verify} add up: every aggregate is
 * a sum, so the partials combine exactly, whichever worker saw which event.
 */
public final class Pipeline {
    /** Producer id and sequence share one translator argument: 15 bits of producer, 48 of sequence. */
    private static final int SEQ_BITS = 48;
    private static final long SEQ_MASK = (1L << SEQ_BITS) - 1;
    private static final int MAX_PRODUCERS = 1 << 15;
    /** parse, enrich, aggregate. */
    public static final int STAGES = 3;

    /** Called on the aggregate thread after the aggregate stage, for each event (e.g. to record latency). */
    @FunctionalInterface
    public interface Tap {
        void onAggregated(OrderEvent event);
    }

    private final Transport transport;
    private final int producers;
    private final Wait waitStrategy;
    private final int capacity;
    private final int work;
    private final boolean stamping;
    private final Orders orders;
    private final int[] workers;
    private final Consume consume;
    private final Buffering buffering;
    private final List<Aggregate> aggregates = new ArrayList<>();
    final Chain<OrderEvent> chain; // package-private: PipelineBuilder starts it
    private final Translator<OrderEvent> fill;
    private final AtomicReference<Throwable> firstError = new AtomicReference<>();
    private final AtomicLong errorCount = new AtomicLong();

    Pipeline(PipelineBuilder b) {
        transport = b.transport;
        producers = b.producers;
        waitStrategy = b.waitStrategy;
        capacity = b.capacity;
        work = b.work;
        stamping = b.stamping;
        orders = b.orders;
        consume = transport.consumeFor(b.consume);
        buffering = b.buffering;
        if (!transport.pipelineCapable()) {
            throw new IllegalArgumentException(transport.id() + " is not pipeline-capable");
        }
        String why = transport.unsupported(waitStrategy, producers, maxOf(b.workers));
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        if (producers > MAX_PRODUCERS) {
            throw new IllegalArgumentException("at most " + MAX_PRODUCERS + " producers");
        }
        workers = b.workers.clone();
        if (b.tap != null && workers[STAGES - 1] != 1) {
            throw new IllegalArgumentException("a tap sees events on the aggregate thread: it needs one aggregate worker");
        }
        List<Handler<OrderEvent>> stages = new ArrayList<>();
        for (int w = 0; w < workers[0]; w++) {
            stages.add(stamping ? stampParse(new Parse(work)) : new Parse(work));
        }
        for (int w = 0; w < workers[1]; w++) {
            Enrich enrich = new Enrich(orders.reference(), work);
            stages.add(stamping ? stampEnrich(enrich) : enrich);
        }
        for (int w = 0; w < workers[2]; w++) {
            Aggregate aggregate = new Aggregate(orders.reference().size(), work);
            aggregates.add(aggregate);
            stages.add(last(aggregate, stamping, b.tap));
        }
        // One translator per pipeline, allocated here, never per publish: it needs the line table, which a
        // static non-capturing lambda could not reach without a global.
        fill = new Fill(orders);
        chain = transport.chain(new ChainSpec<>(capacity, producers, waitStrategy, OrderEvent::new, stages,
                List.of(workers[0], workers[1], workers[2]), b.threads, this::recordError).withConsume(consume)
                .withBuffering(buffering));
    }

    public static PipelineBuilder over(Transport transport) {
        return new PipelineBuilder(transport);
    }

    /**
     * Sends producer {@code producerId}'s event {@code seq}: the translator copies line
     * {@link Orders#lineIndex(int, long)} into the event (a fresh one on queue transports, a reused slot on
     * rings). Waits while the first hop is full. Each producer must use its own id from one thread.
     *
     * @param intendedNanos when it was meant to be sent ({@link System#nanoTime()}), carried for latency; 0 if unused
     */
    public void publish(int producerId, long seq, long intendedNanos) {
        chain.publish(fill, (long) producerId << SEQ_BITS | seq, intendedNanos);
    }

    /**
     * As {@link #publish}, but gives up when the first hop stays full for {@code timeoutNanos} (0: looks once):
     * false, and nothing was handed over ({@link Chain#offer}).
     */
    public boolean offer(int producerId, long seq, long intendedNanos, long timeoutNanos) {
        return chain.offer(fill, (long) producerId << SEQ_BITS | seq, intendedNanos, timeoutNanos);
    }

    /**
     * Takes the oldest event no stage has started back out of the first hop, or null if it is empty; the event
     * never reaches a stage. Only where {@link Transport#discardOldestUnsupported()} is null.
     */
    public OrderEvent discardOldest() {
        return chain.discardOldest();
    }

    /** Events the aggregate stage has finished with; safe from any thread, may lag by a batch. */
    public long processed() {
        return chain.processed();
    }

    /**
     * Checks what the aggregate saw against what was published. Call after {@link #halt()} (which orders
     * the aggregate thread's writes before this read), or once {@link #processed()} has reached
     * {@code expectedCount} with nothing more in flight.
     *
     * @param expectedChecksum from {@link Orders#expectedChecksum(long[])} over what the producers published
     * @return null when every event arrived exactly once with the right content, else the reason
     */
    public String verify(long expectedCount, long expectedChecksum) {
        long processed = chain.processed(); // acquire: orders the aggregate's writes before the reads below
        Throwable first = firstError.get();
        if (first != null) {
            return errorCount.get() + " handler error" + (errorCount.get() == 1 ? "" : "s") + ", first: " + first;
        }
        Aggregate aggregate = aggregate();
        long seen = aggregate.count();
        if (seen < expectedCount) {
            return "lost " + events(expectedCount - seen);
        }
        if (seen > expectedCount) {
            return events(seen - expectedCount) + " too many (duplicated)";
        }
        if (processed != seen) {
            return "transport counted " + events(processed) + " but the aggregate saw " + seen;
        }
        long actual = aggregate.checksum();
        if (actual != expectedChecksum) {
            return String.format("checksum mismatch: expected %016x, aggregate has %016x", expectedChecksum, actual);
        }
        return null;
    }

    private static String events(long n) {
        return n + (n == 1 ? " event" : " events");
    }

    /** The first exception a stage threw (the event still moved on), or null. */
    public Throwable errors() {
        return firstError.get();
    }

    public long errorCount() {
        return errorCount.get();
    }

    /** Stops the stage threads and waits for them; events in flight are dropped. */
    public void halt() throws InterruptedException {
        chain.halt();
    }

    /**
     * The aggregate stage's tables (with several aggregate workers, a new sum of their partials): read
     * them only as {@link Aggregate} says.
     */
    public Aggregate aggregate() {
        return aggregates.size() == 1 ? aggregates.get(0) : Aggregate.sum(aggregates);
    }

    /** What the stage threads counted about their hand-offs ({@link Chain#counts()}): racy while running. */
    public HandoffCounts counts() {
        return chain.counts();
    }

    /** How its stages take events: the mode asked for where the transport has it, else its own. */
    public Consume consume() {
        return consume;
    }

    /** Workers per stage: parse, enrich, aggregate. */
    public int[] workers() {
        return workers.clone();
    }

    /** The largest entry of a workers-per-stage list. */
    public static int maxOf(int[] workers) {
        int max = 0;
        for (int w : workers) {
            max = Math.max(max, w);
        }
        return max;
    }

    public Orders orders() {
        return orders;
    }

    public Transport transport() {
        return transport;
    }

    public int producers() {
        return producers;
    }

    public Wait waitStrategy() {
        return waitStrategy;
    }

    public int capacity() {
        return capacity;
    }

    public int work() {
        return work;
    }

    public boolean stamping() {
        return stamping;
    }

    private void recordError(Throwable t) {
        errorCount.incrementAndGet();
        firstError.compareAndSet(null, t);
    }

    // Stamping wrappers: the clock read is the first thing on each stage's thread, so a hop's time covers
    // the previous stage's work plus the hand-off. Without stamping the stages run bare: a throughput run is
    // not charged for three clock reads per event.

    private static Handler<OrderEvent> stampParse(Parse parse) {
        return (e, endOfBatch) -> {
            e.parseNanos = System.nanoTime();
            parse.apply(e);
        };
    }

    private static Handler<OrderEvent> stampEnrich(Enrich enrich) {
        return (e, endOfBatch) -> {
            e.enrichNanos = System.nanoTime();
            enrich.apply(e);
        };
    }

    private static Handler<OrderEvent> last(Aggregate aggregate, boolean stamping, Tap tap) {
        if (tap == null) {
            return stamping ? (e, endOfBatch) -> {
                e.aggregateNanos = System.nanoTime();
                aggregate.apply(e);
            } : aggregate;
        }
        return stamping ? (e, endOfBatch) -> {
            e.aggregateNanos = System.nanoTime();
            aggregate.apply(e);
            tap.onAggregated(e);
        } : (e, endOfBatch) -> {
            aggregate.apply(e);
            tap.onAggregated(e);
        };
    }

    /** The producer side: identity, intended time and payload; resets the stage progress. */
    private static final class Fill implements Translator<OrderEvent> {
        private final Orders orders;

        Fill(Orders orders) {
            this.orders = orders;
        }

        @Override
        public void translateTo(OrderEvent e, long producerAndSeq, long intendedNanos) {
            int producer = (int) (producerAndSeq >>> SEQ_BITS);
            long seq = producerAndSeq & SEQ_MASK;
            e.producer = producer;
            e.seq = seq;
            e.intendedNanos = intendedNanos;
            orders.copyLine(orders.lineIndex(producer, seq), e);
            e.stage = OrderEvent.PUBLISHED;
        }
    }
}
