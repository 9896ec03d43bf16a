package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Translator;
import handoff.queues.Wait;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The {@code disruptor}, {@code disruptor-noslip} and {@code lmax} transports, through the same {@link Chain} API the harness uses:
 * 3 stages, 1 or 3 producers, every wait strategy, every event through every stage exactly once.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RingTransportsTest {
    /** A slot: who sent it, its number, and how far down the chain it has got. */
    static final class Msg {
        long producer;
        long index;
        int stage;
    }

    private static final Translator<Msg> FILL = (m, producer, index) -> {
        m.producer = producer;
        m.index = index;
        m.stage = 0;
    };

    /** Stage i checks that stage i-1 is done with the event, then marks it; the last one counts it. */
    private static final class Stage implements Handler<Msg> {
        final int index;
        final int producers;
        final int perProducer;
        final boolean last;
        final AtomicLong errors;
        final long[][] seen; // last stage only: seen[p][i] counts deliveries of event i of producer p

        Stage(int index, int stages, int producers, int perProducer, AtomicLong errors) {
            this.index = index;
            this.producers = producers;
            this.perProducer = perProducer;
            this.last = index == stages - 1;
            this.errors = errors;
            this.seen = last ? new long[producers][perProducer] : null;
        }

        @Override
        public void onEvent(Msg m, boolean endOfBatch) {
            if (m.stage != index) {
                errors.incrementAndGet();
            }
            m.stage = index + 1;
            if (last) {
                seen[(int) m.producer][(int) m.index]++;
            }
        }
    }

    static Stream<Arguments> everyConfiguration() {
        List<Arguments> all = new ArrayList<>();
        for (String id : List.of("disruptor", DisruptorTransport.NO_SLIP_ID, "lmax")) {
            for (int producers : new int[] {1, 3}) {
                for (Wait wait : EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK)) {
                    all.add(Arguments.of(id, producers, wait));
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} P={1} {2}")
    @MethodSource("everyConfiguration")
    void threeStagesDeliverEveryEventExactlyOnce(String id, int producers, Wait wait) throws Exception {
        // 4 to 6 threads on a 2-CPU box: spinning and yielding ones share CPUs by time slice, so their
        // runs are kept short. (Our producers wait for a full ring the way the chain's Wait says, so
        // spinning ones compete with the stages; LMAX's always park.)
        int perProducer = !wait.burnsCpu() ? 100_000 : producers == 1 ? 20_000 : 5_000;
        AtomicLong errors = new AtomicLong();
        List<Stage> stages = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            stages.add(new Stage(i, 3, producers, perProducer, errors));
        }
        List<Thread> consumerThreads = new CopyOnWriteArrayList<>();
        ThreadSource threads = (role, body) -> {
            Thread t = ThreadSource.DAEMON.newThread(role, body);
            consumerThreads.add(t);
            return t;
        };
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        ChainSpec<Msg> spec = new ChainSpec<>(256, producers, wait, Msg::new, List.copyOf(stages), threads,
                failures::add);
        Chain<Msg> chain = Transports.get(id).chain(spec);
        chain.start();
        assertThat(consumerThreads).extracting(Thread::getName).containsExactly("stage-0", "stage-1", "stage-2");

        List<Thread> producerThreads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            final long producer = p;
            producerThreads.add(new Thread(() -> {
                for (long i = 0; i < perProducer; i++) {
                    chain.publish(FILL, producer, i);
                }
            }, "producer-" + p));
        }
        producerThreads.forEach(Thread::start);
        for (Thread t : producerThreads) {
            t.join();
        }
        long total = (long) producers * perProducer;
        while (chain.processed() < total) {
            Thread.sleep(1);
        }
        chain.halt();

        assertThat(consumerThreads).noneMatch(Thread::isAlive);
        assertThat(chain.processed()).isEqualTo(total);
        assertThat(errors.get()).as("events seen out of stage order").isZero();
        assertThat(failures).isEmpty();
        long[][] seen = stages.get(2).seen;
        for (int p = 0; p < producers; p++) {
            for (int i = 0; i < perProducer; i++) {
                if (seen[p][i] != 1) {
                    throw new AssertionError("producer " + p + " event " + i + " delivered " + seen[p][i] + " times");
                }
            }
        }
    }

    /**
     * Two workers on the first stage, three on the second: each worker handles exactly its stripe (so the
     * split is even and no event meets two workers of one stage), stage order holds across the stripes,
     * and the threads are stage-0 .. stage-5 in order.
     */
    @ParameterizedTest
    @ValueSource(strings = {"disruptor", DisruptorTransport.NO_SLIP_ID, "lmax"})
    void stripedWorkersShareAStageEvenly(String id) throws Exception {
        int events = 60_000;
        AtomicLong errors = new AtomicLong();
        long[] perWorker = new long[5]; // each slot written by one worker thread only; read after halt()
        List<Handler<Msg>> handlers = new ArrayList<>();
        for (int n = 0; n < 5; n++) {
            int worker = n;
            int stage = n < 2 ? 0 : 1;
            handlers.add((m, eob) -> {
                if (m.stage != stage) {
                    errors.incrementAndGet();
                }
                m.stage = stage + 1;
                perWorker[worker]++;
            });
        }
        handlers.add(new Stage(2, 3, 1, events, errors));
        List<String> names = new CopyOnWriteArrayList<>();
        ThreadSource threads = (role, body) -> {
            names.add(role);
            return ThreadSource.DAEMON.newThread(role, body);
        };
        ChainSpec<Msg> spec = new ChainSpec<>(64, 1, Wait.PARK, Msg::new, handlers, List.of(2, 3, 1), threads,
                f -> errors.incrementAndGet());
        Chain<Msg> chain = Transports.get(id).chain(spec);
        chain.start();
        for (long i = 0; i < events; i++) {
            chain.publish(FILL, 0, i);
        }
        while (chain.processed() < events) {
            Thread.sleep(1);
        }
        chain.halt();
        assertThat(names).containsExactly("stage-0", "stage-1", "stage-2", "stage-3", "stage-4", "stage-5");
        assertThat(errors.get()).as("events out of stage order, or handler failures").isZero();
        assertThat(perWorker).containsExactly(events / 2, events / 2, events / 3, events / 3, events / 3);
        long[] seen = ((Stage) handlers.get(5)).seen[0];
        assertThat(seen).containsOnly(1L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"disruptor", DisruptorTransport.NO_SLIP_ID, "lmax"})
    void handlerFailuresGoToOnErrorAndTheEventMovesOn(String id) throws Exception {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        AtomicLong reachedLast = new AtomicLong();
        Handler<Msg> flaky = (m, eob) -> {
            if (m.index % 4 == 0) {
                throw new IllegalStateException("bad " + m.index);
            }
        };
        Handler<Msg> last = (m, eob) -> reachedLast.lazySet(reachedLast.get() + 1);
        ChainSpec<Msg> spec = new ChainSpec<>(16, 1, Wait.PARK, Msg::new, List.of(flaky, last),
                ThreadSource.DAEMON, failures::add);
        Chain<Msg> chain = Transports.get(id).chain(spec);
        chain.start();
        for (long i = 0; i < 100; i++) {
            chain.publish(FILL, 0, i);
        }
        while (chain.processed() < 100) {
            Thread.sleep(1);
        }
        chain.halt();
        assertThat(failures).hasSize(25).allSatisfy(f -> assertThat(f).hasMessageStartingWith("bad "));
        assertThat(reachedLast.get()).isEqualTo(100);
    }

    @ParameterizedTest
    @ValueSource(strings = {"disruptor", DisruptorTransport.NO_SLIP_ID, "lmax"})
    void describesItselfAndRefusesWaitsItHasNot(String id) {
        Transport t = Transports.get(id);
        assertThat(t.id()).isEqualTo(id);
        assertThat(t.preallocated()).isTrue();
        assertThat(t.pipelineCapable()).isTrue();
        assertThat(t.waits()).containsExactlyInAnyOrder(Wait.SPIN, Wait.YIELD, Wait.PARK, Wait.BLOCK);
        assertThat(t.unsupported(Wait.NATIVE, 1)).contains("native");
        ChainSpec<Msg> spec = new ChainSpec<>(16, 1, Wait.NATIVE, Msg::new, List.of((m, eob) -> { }),
                ThreadSource.DAEMON, f -> { });
        assertThatThrownBy(() -> t.chain(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("native");
    }

    @Test
    void registeredAfterFlowAndBeforeBaseline() {
        List<String> ids = Transports.ids();
        int flow = ids.indexOf("flow");
        assertThat(ids.subList(flow, flow + 4)).containsExactly("flow", "disruptor", "lmax", "baseline");
    }
}
