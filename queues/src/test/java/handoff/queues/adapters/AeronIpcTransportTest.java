package handoff.queues.adapters;

import handoff.queues.Chain;
import handoff.queues.ChainSpec;
import handoff.queues.Codec;
import handoff.queues.ThreadSource;
import handoff.queues.Wait;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The embedded driver: it leaves nothing behind, and one that cannot start fails at once, saying why. */
class AeronIpcTransportTest {
    private static final Codec<long[]> CODEC = new Codec<>() {
        @Override
        public int length() {
            return 8;
        }

        @Override
        public void encode(long[] e, MutableDirectBuffer buffer, int offset) {
            buffer.putLong(offset, e[0]);
        }

        @Override
        public void decode(DirectBuffer buffer, int offset, long[] into) {
            into[0] = buffer.getLong(offset);
        }
    };

    /** Issue 40: every row says how its driver idles and that the published harness's driver busy-spins. */
    @Test
    void itsLabelsSayHowItDiffersFromThePublishedHarness() {
        AeronIpcTransport t = new AeronIpcTransport();
        assertThat(t.description()).contains("unlike the published harness").contains("sleeping 1 ms")
                .contains("BusySpinIdleStrategy").contains("AeronIpcBenchmark");
        for (Wait w : t.waits()) {
            assertThat(t.idlePolicy(w)).contains("driver SHARED sleeps 1 ms when idle (published harness: busy-spin)")
                    .doesNotContain(",");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void leavesNothingInTempOrShm() throws Exception {
        Path shm = Path.of("/dev/shm");
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Set<String> before = aeronFolders(shm, tmp);
        AtomicLong sum = new AtomicLong();
        Chain<long[]> chain = new AeronIpcTransport().chain(spec(sum));
        chain.start();
        for (long i = 1; i <= 1000; i++) {
            chain.publish((e, a, b) -> e[0] = a, i, 0);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (chain.processed() < 1000 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(aeronFolders(shm, tmp)).as("the driver's folder exists while it runs").hasSizeGreaterThan(before.size());
        chain.halt();
        assertThat(sum.get()).isEqualTo(1000L * 1001 / 2);
        assertThat(aeronFolders(shm, tmp)).as("after halt").isEqualTo(before);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aDriverThatCannotStartFailsWithItsReason(@TempDir Path dir) throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("in-the-way"), "x");
        AeronIpcTransport t = new AeronIpcTransport(() -> notAFolder);
        assertThatThrownBy(() -> t.chain(spec(new AtomicLong()))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("aeron-ipc").hasMessageContaining(notAFolder.toString());
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).containsExactly(notAFolder);
        }
    }

    /** A folder left by a killed JVM (its pid is gone) is removed by the next chain; a live one's is kept. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aKilledTrialsFolderIsRemovedByTheNext(@TempDir Path root) throws Exception {
        Path orphan = Files.createDirectories(root.resolve(AeronIpcTransport.PREFIX + Long.MAX_VALUE + "-x").resolve("driver"));
        Path live = Files.createDirectories(root.resolve(AeronIpcTransport.PREFIX + ProcessHandle.current().pid() + "-y"));
        Chain<long[]> chain = new AeronIpcTransport(() -> root).chain(spec(new AtomicLong()));
        chain.start();
        chain.halt();
        assertThat(orphan.getParent()).doesNotExist();
        try (Stream<Path> left = Files.list(root)) {
            assertThat(left).containsExactly(live);
        }
    }

    private static ChainSpec<long[]> spec(AtomicLong sum) {
        return new ChainSpec<long[]>(64, 1, Wait.PARK, () -> new long[1], List.of((e, end) -> sum.addAndGet(e[0])),
                ThreadSource.DAEMON, t -> { }).withCodec(CODEC);
    }

    private static Set<String> aeronFolders(Path... roots) throws IOException {
        Set<String> out = new TreeSet<>();
        for (Path root : roots) {
            if (Files.isDirectory(root)) {
                try (Stream<Path> s = Files.list(root)) {
                    s.filter(p -> p.getFileName().toString().startsWith("handoff-aeron-")
                            || p.getFileName().toString().startsWith("aeron")).forEach(p -> out.add(p.toString()));
                }
            }
        }
        return out;
    }
}
