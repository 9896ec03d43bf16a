package handoff.harness.echo;

import handoff.queues.ThreadSource;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;

/** {@code inline}: the control. One thread receives, upper-cases in place and replies: no hand-off at all. */
final class InlineServer extends UdpServer {
    InlineServer(int port, long dropReplyAt, ThreadSource threads) throws IOException {
        super(port, dropReplyAt, threads);
    }

    @Override
    protected void onDatagram(ByteBuffer data, SocketAddress from) throws IOException {
        Wire.upperCase(data);
        reply(data, from);
    }

    @Override
    protected String stopWorkers() {
        return null; // the receiver is its only thread
    }
}
