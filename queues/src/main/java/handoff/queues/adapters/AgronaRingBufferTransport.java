package handoff.queues.adapters;

import handoff.queues.AbstractTransport;
import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Wait;
import org.agrona.BitUtil;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Function;

/**
 * {@code mtorb} and {@code otorb}: Agrona's ring buffers of framed messages over direct memory, as Thompson's
 * 2015 talk measured them. A producer claims a record ({@code tryClaim}), encodes the event into it and
 * commits; the consumer reads with a bounded {@code read(handler, limit)}. The buffer holds
 * {@code spec.capacity()} messages (rounded up to a power of two of bytes). Not a queue of references, so
 * no pipeline (its events are objects): an RTT and single-hop transport.
 */
public final class AgronaRingBufferTransport extends AbstractTransport {
    /** Messages the consumer takes per read() before it frees their space for the producers. */
    static final int READ_LIMIT = 64;
    private static final int MSG_TYPE = 1;

    private final Function<AtomicBuffer, RingBuffer> factory;
    private final int maxProducers;

    private AgronaRingBufferTransport(String id, String description, Function<AtomicBuffer, RingBuffer> factory,
                                      int maxProducers) {
        super(id, description, EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK));
        this.factory = factory;
        this.maxProducers = maxProducers;
    }

    /** real-logic/benchmarks' settings for Agrona's buffers: bounds checks off, ParallelGC. */
    @Override
    public List<String> publishedHarnessFlags() {
        return AGRONA_BENCHMARKS_FLAGS;
    }

    /** {@code mtorb}: any number of producers claim with a CAS on the tail. */
    public static AgronaRingBufferTransport manyToOne() {
        return new AgronaRingBufferTransport("mtorb",
                "org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer: framed messages in direct memory",
                ManyToOneRingBuffer::new, Integer.MAX_VALUE);
    }

    /** {@code otorb}: one producer, no CAS. */
    public static AgronaRingBufferTransport oneToOne() {
        return new AgronaRingBufferTransport("otorb",
                "org.agrona.concurrent.ringbuffer.OneToOneRingBuffer: framed messages in direct memory, one producer",
                OneToOneRingBuffer::new, 1);
    }

    @Override
    public int maxProducers() {
        return maxProducers;
    }

    @Override
    public boolean preallocated() {
        return true;
    }

    @Override
    public boolean pipelineCapable() {
        return false;
    }

    @Override
    protected <E> Chain<E> build(ChainSpec<E> spec) {
        return new RingBufferChain<>(id(), spec, factory);
    }

    private static final class RingBufferChain<E> extends FramedChain<E> {
        private final RingBuffer ring;
        private final AtomicBuffer memory;
        private final int length;
        private final org.agrona.concurrent.MessageHandler reader = (type, buffer, index, len) -> deliver(buffer, index);

        RingBufferChain(String id, ChainSpec<E> spec, Function<AtomicBuffer, RingBuffer> factory) {
            super(id, spec);
            this.length = codec.length();
            int record = BitUtil.align(RecordDescriptor.HEADER_LENGTH + length, RecordDescriptor.ALIGNMENT);
            int bytes = BitUtil.findNextPositivePowerOfTwo(spec.capacity() * record);
            this.memory = new UnsafeBuffer(ByteBuffer.allocateDirect(bytes + RingBufferDescriptor.TRAILER_LENGTH));
            this.ring = factory.apply(memory);
        }

        @Override
        protected boolean tryOffer(E event) {
            int index = ring.tryClaim(MSG_TYPE, length);
            if (index < 0) {
                return false; // RingBuffer.INSUFFICIENT_CAPACITY
            }
            codec.encode(event, ring.buffer(), index);
            ring.commit(index);
            return true;
        }

        @Override
        protected int poll() {
            return ring.read(reader, READ_LIMIT);
        }

        @Override
        protected void close() {
            // direct memory: freed with the buffer by the collector
        }
    }
}
