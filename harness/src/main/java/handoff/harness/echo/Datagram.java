package handoff.harness.echo;

import java.net.SocketAddress;
import java.nio.ByteBuffer;

/**
 * A datagram slot on a server's in- and out-hop: the bytes, their length and whom to answer. Rings fill
 * pre-allocated slots (no allocation per request); queue transports create one per request, as a user would.
 */
final class Datagram {
    final byte[] bytes = new byte[Wire.MAX];
    int length;
    SocketAddress from;

    /** Takes a received buffer's remaining bytes (a slot holds at most {@link Wire#MAX}) and its sender. */
    void receive(ByteBuffer data, SocketAddress sender) {
        length = Math.min(data.remaining(), bytes.length);
        data.get(bytes, 0, length);
        from = sender;
    }

    /** Becomes the reply to {@code request}: its bytes upper-cased, addressed to its sender. */
    void answer(Datagram request) {
        Wire.upperCase(request.bytes, request.length, bytes);
        length = request.length;
        from = request.from;
    }

    /** Writes the bytes into {@code out}, cleared first and flipped after, ready to send. */
    void writeTo(ByteBuffer out) {
        out.clear();
        out.put(bytes, 0, length).flip();
    }
}
