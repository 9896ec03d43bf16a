package handoff.harness.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every result file is written to a temp file beside it and renamed into place, so a reader (or a run
 * resumed after Ctrl-C) sees a file either whole or not at all. A write that fails throws {@link WriteFailed}
 * naming the file and the cause.
 *
 * <p>Test seam: {@link #failFrom(int)} (or {@code -D}{@value #FAULT_PROPERTY}{@code =N} on a sweep's JVM) makes
 * the Nth write from then on, and every later one, fail as a full disk does; no root or tmpfs needed.
 */
public final class AtomicFiles {
    /**
     * System property (not an environment variable, which trial JVMs would inherit): the Nth write of this JVM
     * and every later one fail with "No space left on device".
     */
    public static final String FAULT_PROPERTY = "handoff.failWriteFrom";
    /** 0: no fault; N: the Nth write counted in {@link #writes} and every later one fail. */
    private static final AtomicInteger failFrom = new AtomicInteger(initial());
    private static final AtomicInteger writes = new AtomicInteger();

    private AtomicFiles() {
    }

    public static void write(Path target, String content) {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Path target, byte[] content) {
        try {
            injectFault(target);
            Path dir = target.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            try {
                Files.write(tmp, content);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new WriteFailed(target, e);
        }
    }

    /**
     * Rewrites a small file in place, without a temp file: for the last word of a run on a full disk, where a
     * temp file cannot be made but the file's own blocks are still there. Only when the new content fits the
     * blocks the file already holds (so no new block is needed and the write cannot stop halfway for want of
     * space); otherwise, or when it fails, throws {@link WriteFailed} and leaves the file as it was.
     */
    public static void rewriteInPlace(Path target, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        try {
            long block = Math.max(512, Files.getFileStore(target).getBlockSize());
            long held = (Files.size(target) + block - 1) / block * block;
            if (bytes.length > held) {
                throw new FileSystemException(target.toString(), null, "No room in its own blocks for the new content");
            }
            try (FileChannel ch = FileChannel.open(target, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf, buf.position());
                }
                ch.truncate(bytes.length);
                ch.force(true);
            }
        } catch (IOException | UnsupportedOperationException e) {
            throw new WriteFailed(target, e instanceof IOException io ? io : new IOException(e));
        }
    }

    /**
     * From the {@code n}th write on (1 = the next one), every write fails as on a full disk; 0 turns that off.
     * For tests: a full disk without root or a tmpfs.
     */
    public static void failFrom(int n) {
        writes.set(0);
        failFrom.set(n);
    }

    private static void injectFault(Path target) throws IOException {
        int from = failFrom.get();
        if (from > 0 && writes.incrementAndGet() >= from) {
            throw new FileSystemException(target.toString(), null, "No space left on device");
        }
    }

    private static int initial() {
        try {
            String v = System.getProperty(FAULT_PROPERTY);
            return v == null || v.isBlank() ? 0 : Math.max(0, Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
