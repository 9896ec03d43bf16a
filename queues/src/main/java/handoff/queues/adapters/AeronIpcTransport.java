package handoff.queues.adapters;

import handoff.queues.AbstractTransport;
import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Wait;
import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import org.agrona.CloseHelper;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * {@code aeron-ipc}: an {@code aeron:ipc} publication and subscription through a media driver embedded in the
 * trial's JVM, as in Thompson's 2015 talk. Producers share one (concurrent) publication, claim a frame with
 * {@code tryClaim}, encode into it and commit, retrying on back-pressure; the consumer polls the subscription.
 *
 * <p>The driver runs {@link ThreadingMode#SHARED}: one agent thread for conductor, sender and receiver, which
 * sleeps 1 ms whenever a duty cycle finds nothing to do, so it adds no spinning thread to a box whose CPUs
 * the producers and the consumer already keep busy. (IPC data never passes through the driver thread; its
 * conductor moves the publisher's limit along as the subscriber consumes, so a publisher that runs a whole
 * window ahead waits for the driver's next duty cycle: large terms make that rare.) Term buffers are {@value #TERM_LENGTH} bytes, three per publication, in a
 * temporary folder (under /dev/shm where there is one, as Aeron's own default, else java.io.tmpdir) that the
 * chain removes when it halts, or when it fails to start (and that a later chain removes if its JVM was killed
 * first). Run-time flags: none beyond the ones every trial JVM
 * gets for Agrona (checked on JDK 17 and 25; IPC does not touch the UDP internals Aeron opens
 * {@code sun.nio.ch} for).
 *
 * <p><b>How it differs from the published harness</b> ({@link #PUBLISHED_DIFFERENCE}; issue 40): real-logic/benchmarks'
 * {@code benchmarks-aeron/.../aeron/ipc/AeronIpcBenchmark.java} launches its embedded driver {@code SHARED} with a
 * {@code BusySpinIdleStrategy} (a third thread that never sleeps), its default IPC term length, non-sparse term files
 * and {@code preTouchMappedMemory(true)}; its producers {@code offer} a 4-byte message and its consumer polls 128
 * fragments at a time with a busy-spin idle. Here the driver sleeps 1 ms per idle duty cycle, so that on a box whose
 * CPUs the producer and consumer already keep busy it adds no spinning thread; the price is that a publisher which
 * has run a whole flow-control window ahead waits up to 1 ms for the conductor to move its limit (the long tail of
 * the burst-100 rows). Producers {@code tryClaim} rather than {@code offer}; the consumer polls {@value #POLL_LIMIT}.
 */
public final class AeronIpcTransport extends AbstractTransport {
    static final int TERM_LENGTH = 1 << 20;
    static final String CHANNEL = "aeron:ipc";
    private static final int STREAM = 1001;
    /** Fragments the consumer takes per poll. */
    static final int POLL_LIMIT = 64;
    private static final long CONNECT_TIMEOUT_MS = 10_000;
    private static final Path SHM = Path.of("/dev/shm");
    /** The driver's folder is {@code handoff-aeron-<pid>-<random>}: the pid tells a live folder from an orphan. */
    static final String PREFIX = "handoff-aeron-";
    /** What this transport does otherwise than the published harness's Aeron IPC benchmark, in the report's words. */
    public static final String PUBLISHED_DIFFERENCE = "driver SHARED sleeping 1 ms per idle duty cycle (the published "
            + "harness real-logic/benchmarks AeronIpcBenchmark: SHARED with BusySpinIdleStrategy) so a publisher a whole "
            + "window ahead waits up to 1 ms; " + (TERM_LENGTH >> 10) + " KiB terms (published: the driver's default); "
            + "tryClaim (published: offer); " + POLL_LIMIT + " fragments per poll (published: 128)";

    private final Supplier<Path> tempRoot;

    public AeronIpcTransport() {
        this(() -> Files.isDirectory(SHM) && Files.isWritable(SHM) ? SHM : Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** @param tempRoot where the driver's temporary folder goes (tests point it somewhere unusable) */
    public AeronIpcTransport(Supplier<Path> tempRoot) {
        super("aeron-ipc", "Aeron IPC (aeron:ipc) through an embedded media driver; unlike the published harness: "
                + PUBLISHED_DIFFERENCE, EnumSet.of(Wait.SPIN, Wait.YIELD, Wait.PARK));
        this.tempRoot = tempRoot;
    }

    /**
     * The wait is the producer's and consumer's; the media driver's own idle is fixed, and not the published harness's:
     * said in every row's {@code idle_policy}.
     */
    @Override
    public String idlePolicy(Wait wait) {
        return super.idlePolicy(wait) + "; driver SHARED sleeps 1 ms when idle (published harness: busy-spin)";
    }

    /** real-logic/benchmarks' settings for Agrona's buffers: bounds checks off, ParallelGC. */
    @Override
    public List<String> publishedHarnessFlags() {
        return AGRONA_BENCHMARKS_FLAGS;
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
        Path dir;
        try {
            removeOrphans(tempRoot.get());
            dir = Files.createTempDirectory(tempRoot.get(), PREFIX + ProcessHandle.current().pid() + "-");
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("aeron-ipc: cannot create the media driver's folder under "
                    + tempRoot.get() + ": " + e, e);
        }
        try {
            return new IpcChain<>(id(), spec, dir);
        } catch (RuntimeException e) {
            delete(dir);
            throw new IllegalStateException("aeron-ipc: media driver did not start: " + e, e);
        }
    }

    /**
     * Removes the folders of trial JVMs that are gone without removing theirs (a trial the watchdog had to
     * kill gets no chance to), so that /dev/shm does not fill up over a long sweep.
     */
    static void removeOrphans(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> entries = Files.list(root)) {
            for (Path p : entries.filter(e -> e.getFileName().toString().startsWith(PREFIX)).toList()) {
                String rest = p.getFileName().toString().substring(PREFIX.length());
                int dash = rest.indexOf('-');
                long pid;
                try {
                    pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
                } catch (NumberFormatException notOurs) {
                    continue;
                }
                if (ProcessHandle.of(pid).isEmpty()) {
                    delete(p);
                }
            }
        }
    }

    /** Removes the driver's folder and everything in it. */
    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("aeron-ipc: cannot remove " + dir, e);
        }
    }

    private static final class IpcChain<E> extends FramedChain<E> {
        private final Path dir;
        private final MediaDriver driver;
        private final Aeron aeron;
        private final Publication publication;
        private final Subscription subscription;
        /** Each producer thread's claim (a BufferClaim is not thread-safe; the publication is). */
        private final ThreadLocal<BufferClaim> claims = ThreadLocal.withInitial(BufferClaim::new);
        private final FragmentHandler reader = (buffer, offset, length, header) -> deliver(buffer, offset);
        private final AtomicReference<Throwable> driverError = new AtomicReference<>();
        private final int length;

        IpcChain(String id, ChainSpec<E> spec, Path dir) {
            super(id, spec);
            this.dir = dir;
            this.length = codec.length();
            MediaDriver d = null;
            Aeron a = null;
            try {
                String name = dir.resolve("driver").toString();
                d = MediaDriver.launch(new MediaDriver.Context()
                        .aeronDirectoryName(name)
                        .threadingMode(ThreadingMode.SHARED)
                        .sharedIdleStrategy(new SleepingMillisIdleStrategy(1))
                        .ipcTermBufferLength(TERM_LENGTH)
                        .termBufferSparseFile(false)
                        .dirDeleteOnStart(true)
                        .dirDeleteOnShutdown(true)
                        .warnIfDirectoryExists(false)
                        .printConfigurationOnStart(false)
                        .errorHandler(t -> driverError.compareAndSet(null, t)));
                a = Aeron.connect(new Aeron.Context().aeronDirectoryName(name)
                        .errorHandler(t -> driverError.compareAndSet(null, t)));
                this.publication = a.addPublication(CHANNEL, STREAM);
                this.subscription = a.addSubscription(CHANNEL, STREAM);
                awaitConnected(publication, subscription);
            } catch (RuntimeException e) {
                CloseHelper.quietCloseAll(a, d);
                throw e;
            }
            this.driver = d;
            this.aeron = a;
        }

        private void awaitConnected(Publication pub, Subscription sub) {
            long deadline = System.currentTimeMillis() + CONNECT_TIMEOUT_MS;
            while (!pub.isConnected() || !sub.isConnected()) {
                if (driverError.get() != null) {
                    throw new IllegalStateException("driver error: " + driverError.get(), driverError.get());
                }
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("the ipc subscription did not connect within "
                            + CONNECT_TIMEOUT_MS + " ms");
                }
                Thread.onSpinWait();
            }
        }

        @Override
        protected boolean tryOffer(E event) {
            BufferClaim claim = claims.get();
            long position = publication.tryClaim(length, claim);
            if (position < 0) {
                if (position == Publication.CLOSED || position == Publication.MAX_POSITION_EXCEEDED) {
                    throw new IllegalStateException("aeron-ipc publication refused a message: " + position);
                }
                return false; // back-pressured, not connected yet, or an admin action: try again
            }
            codec.encode(event, claim.buffer(), claim.offset());
            claim.commit();
            return true;
        }

        @Override
        protected int poll() {
            return subscription.poll(reader, POLL_LIMIT);
        }

        @Override
        protected void close() {
            try {
                CloseHelper.quietCloseAll(subscription, publication, aeron, driver);
            } finally {
                delete(dir);
            }
        }
    }
}
