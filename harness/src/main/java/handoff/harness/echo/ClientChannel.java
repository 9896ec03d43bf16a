package handoff.harness.echo;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/**
 * A client's own UDP channel: bound to 127.0.0.1 on an ephemeral port, connected to the server (so only the
 * server's datagrams arrive), requests written from one reused buffer, replies read with a timeout through the
 * channel's socket adaptor (a channel alone has no timed receive).
 */
final class ClientChannel implements AutoCloseable {
    private final DatagramChannel channel;
    private final DatagramSocket socket;
    private final ByteBuffer request;
    private final DatagramPacket reply;
    private int timeoutMs = -1;
    final byte[] requestBytes = new byte[Wire.LENGTH];
    final byte[] replyBytes = new byte[Wire.MAX];

    ClientChannel(InetSocketAddress server) throws IOException {
        channel = UdpServer.bind(0);
        try {
            channel.connect(server);
            socket = channel.socket();
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        request = ByteBuffer.wrap(requestBytes);
        reply = new DatagramPacket(replyBytes, replyBytes.length);
    }

    void send(int client, long sequence) throws IOException {
        Wire.encode(client, sequence, requestBytes);
        request.clear();
        channel.write(request);
    }

    /** Length of the next datagram (in {@link #replyBytes}), or -1 when none came within {@code timeoutMs}. */
    int receive(int timeoutMs) throws IOException {
        int t = Math.max(1, timeoutMs);
        if (t != this.timeoutMs) {
            socket.setSoTimeout(t);
            this.timeoutMs = t;
        }
        reply.setLength(replyBytes.length);
        try {
            socket.receive(reply);
            return reply.getLength();
        } catch (SocketTimeoutException e) {
            return -1;
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
