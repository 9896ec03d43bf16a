package handoff.pipelines;

import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every pipeline-capable transport in the registry, including ones added later, with 1 and 3 producers:
 * each event goes through all three stages exactly once, in stage order, with the content it was sent
 * with. Waits are the non-spinning ones (PARK, BLOCK, or the transport's NATIVE), because these tests run
 * five threads or more on a machine that may have two CPUs.
 */
class EveryTransportTest {
    /** Enough to wrap a 64-slot ring hundreds of times, small enough for a slow box. */
    private static final long EVENTS = 30_000;
    private static final int CAPACITY = 64;
    private static final List<Wait> SLEEPING = List.of(Wait.PARK, Wait.BLOCK, Wait.NATIVE);

    static List<Arguments> transports() {
        List<Arguments> cases = new ArrayList<>();
        for (Transport t : Transports.all()) {
            if (!t.pipelineCapable()) {
                continue;
            }
            List<Wait> waits = new ArrayList<>(SLEEPING);
            waits.retainAll(t.waits());
            if (waits.isEmpty()) {
                waits.add(Wait.PARK); // reported as skipped below, with the transport's own reason
            }
            for (int producers : new int[] {1, 3}) {
                for (Wait w : waits) {
                    cases.add(Arguments.of(t.id(), producers, w));
                }
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0} producers={1} wait={2}")
    @MethodSource("transports")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void deliversEveryEventOnceThroughAllStagesInOrder(String id, int producers, Wait wait) throws Exception {
        Transport transport = Transports.get(id);
        String why = transport.unsupported(wait, producers);
        assumeTrue(why == null,
                () -> "skipped " + id + " with " + producers + " producer(s), wait " + wait + ": " + why);

        StageOrderCheck check = new StageOrderCheck();
        Pipeline pipeline = Pipeline.over(transport).producers(producers).waitStrategy(wait).capacity(CAPACITY)
                .work(1).stamping(true).tap(check).start();
        long[] perProducer = Drive.split(EVENTS, producers);
        try {
            Drive.publishAll(pipeline, perProducer);
            Drive.awaitProcessed(pipeline, EVENTS, Duration.ofSeconds(10));
        } finally {
            pipeline.halt();
        }

        assertThat(pipeline.verify(EVENTS, pipeline.orders().expectedChecksum(perProducer))).isNull();
        assertThat(pipeline.errors()).isNull();
        assertThat(check.seen).isEqualTo(EVENTS);
        assertThat(check.violations).as("events whose stamps or progress were out of stage order: first %s",
                check.first).isZero();
        assertThat(pipeline.processed()).isEqualTo(EVENTS);
    }

    static List<Arguments> workerPools() {
        List<Arguments> cases = new ArrayList<>();
        for (Transport t : Transports.all()) {
            if (t.pipelineCapable()) {
                Wait w = t.waits().contains(Wait.PARK) ? Wait.PARK : Wait.NATIVE;
                cases.add(Arguments.of(t.id(), 1, w, new int[] {4, 4, 2}));
                cases.add(Arguments.of(t.id(), 3, w, new int[] {2, 3, 1}));
            }
        }
        return cases;
    }

    /**
     * Several workers per stage: still every event exactly once through all three stages (each stage
     * checks the previous one ran), and the summed aggregate tables equal a one-worker run's, instrument
     * by instrument. A transport that cannot share a hop refuses to build, saying why.
     */
    @ParameterizedTest(name = "{0} producers={1} wait={2} workers={3}")
    @MethodSource("workerPools")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void workerPoolsDeliverEveryEventOnce(String id, int producers, Wait wait, int[] workers) throws Exception {
        Transport transport = Transports.get(id);
        if (transport.maxWorkers() < Pipeline.maxOf(workers)) {
            assertThatThrownBy(() -> Pipeline.over(transport).producers(producers).waitStrategy(wait).workers(workers).start())
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one consumer per hop");
            return;
        }
        long[] perProducer = Drive.split(EVENTS, producers);
        Aggregate pooled = run(Pipeline.over(transport).producers(producers).waitStrategy(wait).capacity(CAPACITY)
                .workers(workers).stamping(true), perProducer);
        Aggregate single = run(Pipeline.over(Transports.get("abq")).producers(producers).waitStrategy(Wait.BLOCK)
                .capacity(CAPACITY).stamping(true), perProducer);
        for (int i = 0; i < single.instruments(); i++) {
            assertThat(pooled.count(i)).as("count of instrument %d", i).isEqualTo(single.count(i));
            assertThat(pooled.netQty(i)).as("net qty of instrument %d", i).isEqualTo(single.netQty(i));
            assertThat(pooled.notionalCents(i)).as("notional of instrument %d", i).isEqualTo(single.notionalCents(i));
            assertThat(pooled.checksum(i)).as("checksum of instrument %d", i).isEqualTo(single.checksum(i));
        }
    }

    private static Aggregate run(PipelineBuilder builder, long[] perProducer) throws Exception {
        long total = 0;
        for (long n : perProducer) {
            total += n;
        }
        Pipeline pipeline = builder.start();
        try {
            Drive.publishAll(pipeline, perProducer);
            Drive.awaitProcessed(pipeline, total, Duration.ofSeconds(20));
        } finally {
            pipeline.halt();
        }
        assertThat(pipeline.verify(total, pipeline.orders().expectedChecksum(perProducer))).isNull();
        assertThat(pipeline.errors()).isNull();
        assertThat(pipeline.processed()).isEqualTo(total);
        return pipeline.aggregate();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void verifiesWithoutStampingToo() throws Exception {
        Pipeline pipeline = Pipeline.over(Transports.get("abq")).producers(2).waitStrategy(Wait.BLOCK)
                .capacity(128).work(0).start();
        long[] perProducer = Drive.split(10_000, 2);
        try {
            Drive.publishAll(pipeline, perProducer);
            Drive.awaitProcessed(pipeline, 10_000, Duration.ofSeconds(10));
        } finally {
            pipeline.halt();
        }
        assertThat(pipeline.verify(10_000, pipeline.orders().expectedChecksum(perProducer))).isNull();
    }

    /**
     * Runs on the aggregate thread after the aggregate stage: every stamp must follow the previous one and
     * the event must have passed all three stages. Plain fields: read after halt().
     */
    static final class StageOrderCheck implements Pipeline.Tap {
        long seen;
        long violations;
        String first;

        @Override
        public void onAggregated(OrderEvent e) {
            seen++;
            boolean ordered = e.stage == OrderEvent.AGGREGATED
                    && e.intendedNanos <= e.parseNanos
                    && e.parseNanos <= e.enrichNanos
                    && e.enrichNanos <= e.aggregateNanos;
            if (!ordered && violations++ == 0) {
                first = e + " stamps " + e.intendedNanos + " " + e.parseNanos + " " + e.enrichNanos + " "
                        + e.aggregateNanos;
            }
        }
    }
}
