package handoff.queues;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * How an event travels through a transport that carries framed bytes rather than object references
 * (Agrona's ring buffers, Aeron): a fixed-length encoding into the transport's own memory, decoded on the
 * consumer side into one reused event. A chain over such a transport needs one ({@link ChainSpec#codec()}).
 */
public interface Codec<E> {
    /** Bytes per message, the same for every message. */
    int length();

    void encode(E event, MutableDirectBuffer buffer, int offset);

    /** Overwrites {@code into} with the message at {@code offset}. */
    void decode(DirectBuffer buffer, int offset, E into);
}
