package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Codec;
import handoff.queues.ProducerModel;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Transports;
import handoff.queues.Wait;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every registered transport, including ones added later, as the RTT uses it: one hop, P = 1 and P = 3
 * (where it takes more than one producer), each producer model a ring offers, and both ways of sending (a
 * translator filling the transport's event, and a caller-made event handed over as it is, where the transport
 * passes references). Every message arrives exactly once, with the content it was sent with. Non-spinning
 * waits: four threads on a box that may have two CPUs.
 */
class EveryTransportOneHopTest {
    private static final int PER_PRODUCER = 20_000;
    private static final int CAPACITY = 64;

    /** A message: who sent it and its number; 16 bytes framed. */
    static final class Msg {
        long producer;
        long seq;
    }

    private static final Codec<Msg> CODEC = new Codec<>() {
        @Override
        public int length() {
            return 16;
        }

        @Override
        public void encode(Msg m, MutableDirectBuffer buffer, int offset) {
            buffer.putLong(offset, m.producer);
            buffer.putLong(offset + 8, m.seq);
        }

        @Override
        public void decode(DirectBuffer buffer, int offset, Msg into) {
            into.producer = buffer.getLong(offset);
            into.seq = buffer.getLong(offset + 8);
        }
    };

    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Transport t : Transports.all()) {
            Wait wait = t.waits().contains(Wait.PARK) ? Wait.PARK : Wait.NATIVE;
            for (int producers : new int[] {1, 3}) {
                List<ProducerModel> models = new ArrayList<>(t.producerModels(producers));
                if (models.isEmpty()) {
                    models.add(null);
                }
                for (ProducerModel m : models) {
                    for (boolean byReference : new boolean[] {false, true}) {
                        if (!byReference || !t.preallocated()) {
                            out.add(Arguments.of(t.id(), producers, wait, m, byReference));
                        }
                    }
                }
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} producers={1} wait={2} model={3} byReference={4}")
    @MethodSource("cases")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyMessageArrivesExactlyOnce(String id, int producers, Wait wait, ProducerModel model, boolean byReference)
            throws Exception {
        Transport t = Transports.get(id);
        String why = t.unsupported(wait, producers);
        assumeTrue(why == null, () -> "skipped: " + why);
        BitSet[] seen = new BitSet[producers];
        for (int p = 0; p < producers; p++) {
            seen[p] = new BitSet(PER_PRODUCER);
        }
        long[] duplicates = new long[1];
        long[] received = new long[1];
        AtomicReference<Throwable> error = new AtomicReference<>();
        Chain<Msg> chain = t.chain(new ChainSpec<Msg>(CAPACITY, producers, wait, Msg::new, List.of((m, end) -> {
            received[0]++; // consumer thread only, read after halt()
            if (m.producer < 0 || m.producer >= producers || m.seq < 0 || m.seq >= PER_PRODUCER) {
                error.compareAndSet(null, new AssertionError("corrupt message " + m.producer + "/" + m.seq));
                return;
            }
            BitSet s = seen[(int) m.producer];
            if (s.get((int) m.seq)) {
                duplicates[0]++;
            }
            s.set((int) m.seq);
        }), ThreadSource.DAEMON, error::set).withProducerModel(model).withCodec(CODEC));
        chain.start();
        Thread[] senders = new Thread[producers];
        for (int p = 0; p < producers; p++) {
            long producer = p;
            senders[p] = new Thread(() -> {
                for (long i = 0; i < PER_PRODUCER; i++) {
                    if (byReference) {
                        Msg m = new Msg();
                        m.producer = producer;
                        m.seq = i;
                        chain.send(m);
                    } else {
                        chain.publish((m, a, b) -> {
                            m.producer = a;
                            m.seq = b;
                        }, producer, i);
                    }
                }
            }, "producer-" + p);
            senders[p].start();
        }
        for (Thread s : senders) {
            s.join();
        }
        long total = (long) producers * PER_PRODUCER;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (chain.processed() < total && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        chain.halt();
        assertThat(error.get()).isNull();
        assertThat(received[0]).isEqualTo(total);
        assertThat(duplicates[0]).isZero();
        for (int p = 0; p < producers; p++) {
            assertThat(seen[p].cardinality()).as("producer %d's messages", p).isEqualTo(PER_PRODUCER);
        }
    }
}
