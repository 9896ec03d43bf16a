package handoff.harness.echo;

import handoff.queues.ThreadSource;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code blocking}: the published contrast. One receiving thread copies each datagram into a new array and
 * hands it, as a task, to a fixed pool of {@value #HANDLERS} handler threads (a {@link ThreadPoolExecutor}
 * over a {@link LinkedBlockingQueue}: lock + condition, {@code block}); the handler upper-cases and replies.
 * Allocates per request, as such a server is usually written.
 */
final class BlockingServer extends UdpServer {
    static final int HANDLERS = 3;
    private final ExecutorService pool;

    BlockingServer(int port, long dropReplyAt, ThreadSource threads) throws IOException {
        super(port, dropReplyAt, threads);
        AtomicInteger n = new AtomicInteger();
        pool = new ThreadPoolExecutor(HANDLERS, HANDLERS, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                r -> threads.newThread("stage-" + n.getAndIncrement(), r));
        ((ThreadPoolExecutor) pool).prestartAllCoreThreads();
    }

    @Override
    protected void onDatagram(ByteBuffer data, SocketAddress from) {
        byte[] request = new byte[data.remaining()];
        data.get(request);
        pool.execute(() -> handle(request, from));
    }

    private void handle(byte[] request, SocketAddress to) {
        Wire.upperCase(request, request.length, request);
        try {
            reply(ByteBuffer.wrap(request), to);
        } catch (IOException | RuntimeException e) {
            fail("handler threw " + e);
        }
    }

    @Override
    protected String stopWorkers() throws InterruptedException {
        pool.shutdownNow();
        return pool.awaitTermination(JOIN_MS, TimeUnit.MILLISECONDS) ? null
                : "handler pool still running " + JOIN_MS + " ms after stop";
    }
}
