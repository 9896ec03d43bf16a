package handoff.harness.echo;

import handoff.queues.ThreadSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What every server variant shares: one UDP channel bound to 127.0.0.1 (never another address), one
 * receiving thread that hands each datagram to the variant, the reply (with the test-only "drop the n-th
 * reply" fault), and a stop that leaves nothing behind and says so: {@link #stop()} closes the channel,
 * waits for every thread, then proves the port is free by binding it again.
 */
abstract class UdpServer {
    /** The only address a server or client of this suite binds. */
    static final InetAddress LOOPBACK = loopback();
    static final long JOIN_MS = 5_000;

    private final DatagramChannel channel;
    private final InetSocketAddress address;
    private final long dropReplyAt;
    private final AtomicLong replies = new AtomicLong();
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final ThreadSource threads;
    private volatile boolean stopping;
    private Thread receiver;

    /** Thrown when the port cannot be bound; the trial reports it as {@code failed:<message>}. */
    static final class BindFailure extends IOException {
        BindFailure(String message) {
            super(message);
        }
    }

    /**
     * @param port        0 for an ephemeral port (always, except where a test makes binding fail)
     * @param dropReplyAt the reply (counted from 1) that is silently not sent; 0 for none (test-only fault)
     */
    protected UdpServer(int port, long dropReplyAt, ThreadSource threads) throws IOException {
        this.dropReplyAt = dropReplyAt;
        this.threads = threads;
        this.channel = bind(port);
        this.address = (InetSocketAddress) channel.getLocalAddress();
    }

    /** A fresh IPv4 channel bound to 127.0.0.1:{@code port}, blocking mode. */
    static DatagramChannel bind(int port) throws IOException {
        DatagramChannel c = DatagramChannel.open(StandardProtocolFamily.INET);
        try {
            c.bind(new InetSocketAddress(LOOPBACK, port));
            return c;
        } catch (IOException e) {
            c.close();
            throw new BindFailure("cannot bind 127.0.0.1:" + port + ": " + e.getMessage());
        }
    }

    InetSocketAddress address() {
        return address;
    }

    /** The variant's work on one received datagram (its remaining bytes), on the receiving thread. */
    protected abstract void onDatagram(ByteBuffer data, SocketAddress from) throws IOException;

    /** Starts the variant's own threads; called before the receiver starts. */
    protected void startWorkers() {
    }

    /**
     * Stops the variant's own threads once the channel is closed and the receiver has exited; null when they
     * are gone, else which one is not.
     */
    protected abstract String stopWorkers() throws InterruptedException;

    final void start() {
        startWorkers();
        receiver = threads.newThread("producer-0", this::receiveLoop);
        receiver.start();
    }

    private void receiveLoop() {
        ByteBuffer buf = ByteBuffer.allocateDirect(Wire.MAX);
        try {
            while (true) { // ends when stop() closes the channel
                buf.clear();
                SocketAddress from = channel.receive(buf);
                buf.flip();
                onDatagram(buf, from);
            }
        } catch (ClosedChannelException closed) {
            fail("receiver: channel closed while running");
        } catch (IOException | RuntimeException e) {
            fail("receiver threw " + e);
        }
    }

    /** Sends a reply; {@code data}'s remaining bytes to {@code to}. Any thread; the channel serialises sends. */
    protected final void reply(ByteBuffer data, SocketAddress to) throws IOException {
        if (dropReplyAt > 0 && replies.incrementAndGet() == dropReplyAt) {
            return; // injected fault: this reply is lost
        }
        channel.send(data, to);
    }

    /** Records the server's first failure, unless it is the stop closing the channel under a thread. */
    protected final void fail(String why) {
        if (!stopping) {
            failure.compareAndSet(null, why);
        }
    }

    /** The first failure of a server thread so far, or null. */
    String failure() {
        return failure.get();
    }

    /**
     * Stops every thread and closes the port. Returns null when nothing is left (threads gone, the port
     * binds again), else what is left; either way the channel is closed.
     */
    final String stop() throws InterruptedException {
        stopping = true;
        try {
            channel.close(); // wakes the receiver out of receive()
        } catch (IOException e) {
            return "closing the channel threw " + e;
        }
        if (receiver != null) {
            receiver.join(JOIN_MS);
            if (receiver.isAlive()) {
                return "receiver thread still running " + JOIN_MS + " ms after stop";
            }
        }
        String left = stopWorkers();
        if (left != null) {
            return left;
        }
        try (DatagramChannel probe = DatagramChannel.open(StandardProtocolFamily.INET)) {
            probe.bind(address);
        } catch (IOException e) {
            return "127.0.0.1:" + address.getPort() + " still bound after the server stopped: " + e.getMessage();
        }
        return null;
    }

    private static InetAddress loopback() {
        try {
            return InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1});
        } catch (UnknownHostException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
