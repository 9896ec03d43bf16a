package handoff.harness.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A file of the run could not be written: a full disk, a permission lost, a folder removed under the run.
 * Not bad input and not an interrupt: it ends a sweep with one line naming the path and the cause, exit code
 * {@value #EXIT_CODE} (EX_IOERR of sysexits.h), and the run marked {@code write-failed} so that {@code --resume}
 * completes it once the cause is gone.
 */
public final class WriteFailed extends UncheckedIOException {
    /** EX_IOERR: "an error occurred while doing I/O on some file". */
    public static final int EXIT_CODE = 74;
    private static final long serialVersionUID = 1L;

    private final transient Path path;
    private final String cause;

    public WriteFailed(Path path, IOException e) {
        super("cannot write " + path + ": " + reason(e), e);
        this.path = path;
        this.cause = reason(e);
    }

    /** The file (or folder) that could not be written. */
    public Path path() {
        return path;
    }

    /** The operating system's reason, e.g. {@code No space left on device}. */
    public String reason() {
        return cause;
    }

    /** The OS's words where it gave them, else what the exception's type says. */
    static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "No such file or directory (its folder was removed?)";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
