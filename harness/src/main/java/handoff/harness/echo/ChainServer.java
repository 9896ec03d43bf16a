package handoff.harness.echo;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Handler;
import handoff.queues.ThreadSource;
import handoff.queues.Transport;
import handoff.queues.Translator;
import handoff.queues.Wait;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * {@code rings} (over {@code disruptor} and {@code lmax}) and {@code transport} (over every other transport
 * that fits): receiver → in-hop → upper-case handler → out-hop → sender, the two hand-offs of the 2013 example.
 * Each hop is its own {@link Chain} with one producer (the receiver for the in-hop, the handler for the
 * out-hop) and one consumer, so the rings run single-producer sequencers. The handler copies the upper-cased
 * request from its in-slot into an out-slot; rings pre-allocate both, so nothing is allocated per request
 * on this side of the JDK's socket calls. Threads: {@code producer-0} receives, {@code stage-0} upper-cases,
 * {@code stage-1} sends.
 */
final class ChainServer extends UdpServer {
    private final Chain<Datagram> in;
    private final Chain<Datagram> out;
    private final Receive receive = new Receive();

    ChainServer(Transport transport, Wait wait, int capacity, int port, long dropReplyAt, ThreadSource threads)
            throws IOException {
        super(port, dropReplyAt, threads);
        ThreadSource sendSide = (role, body) -> threads.newThread(role.equals("stage-0") ? "stage-1" : role + "-out", body);
        out = transport.chain(new ChainSpec<Datagram>(capacity, 1, wait, Datagram::new, List.of(new Send()), sendSide,
                e -> fail("sender threw " + e)));
        in = transport.chain(new ChainSpec<Datagram>(capacity, 1, wait, Datagram::new, List.of(new Uppercase(out)),
                threads, e -> fail("handler threw " + e)));
    }

    @Override
    protected void startWorkers() {
        out.start();
        in.start();
    }

    @Override
    protected void onDatagram(ByteBuffer data, SocketAddress from) {
        receive.data = data;
        receive.from = from;
        in.publish(receive, 0, 0);
    }

    @Override
    protected String stopWorkers() throws InterruptedException {
        in.halt(); // the in-hop first: its handler is the out-hop's producer
        out.halt();
        return null; // halt() returns once every consumer thread has exited
    }

    /** Fills an in-slot from the receiver's buffer; the receiver thread's own, so no lambda per request. */
    private static final class Receive implements Translator<Datagram> {
        ByteBuffer data;
        SocketAddress from;

        @Override
        public void translateTo(Datagram slot, long unused1, long unused2) {
            slot.receive(data, from);
        }
    }

    /** The business logic thread: takes an in-slot, publishes its upper-cased copy to the out-hop. */
    private static final class Uppercase implements Handler<Datagram>, Translator<Datagram> {
        private final Chain<Datagram> out;
        private Datagram request;

        Uppercase(Chain<Datagram> out) {
            this.out = out;
        }

        @Override
        public void onEvent(Datagram event, boolean endOfBatch) {
            request = event;
            out.publish(this, 0, 0);
            request = null;
        }

        @Override
        public void translateTo(Datagram slot, long unused1, long unused2) {
            slot.answer(request);
        }
    }

    /** The sending thread: one direct buffer, reused. */
    private final class Send implements Handler<Datagram> {
        private final ByteBuffer buf = ByteBuffer.allocateDirect(Wire.MAX);

        @Override
        public void onEvent(Datagram reply, boolean endOfBatch) {
            reply.writeTo(buf);
            try {
                reply(buf, reply.from);
            } catch (IOException e) {
                fail("sender threw " + e);
            }
        }
    }
}
