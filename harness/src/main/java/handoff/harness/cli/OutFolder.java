package handoff.harness.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code --out}: a folder the run can write, checked before anything is created. */
final class OutFolder {
    private OutFolder() {
    }

    /**
     * Tries it rather than reading permission bits: they say "writable" to root everywhere, and some places
     * (/proc, a read-only mount) refuse whatever the bits say. Creates the missing folders and a probe file,
     * then removes all it created, so a refused or a dry run leaves nothing behind.
     */
    static void checkWritable(Path dir) {
        Path target = dir.toAbsolutePath().normalize();
        List<Path> missing = new ArrayList<>(); // deepest first
        for (Path p = target; p != null && !Files.exists(p); p = p.getParent()) {
            missing.add(p);
        }
        try {
            for (int i = missing.size() - 1; i >= 0; i--) {
                Files.createDirectory(missing.get(i));
            }
            Files.delete(Files.createTempFile(target, ".write-probe", ""));
        } catch (IOException | RuntimeException e) {
            throw new Main.BadInput("--out " + dir + " cannot be written (" + why(e) + ")");
        } finally {
            for (Path p : missing) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // not ours to keep, and nothing a user can act on: the folder is empty
                }
            }
        }
    }

    private static String why(Exception e) {
        if (e instanceof AccessDeniedException a) {
            return a.getFile() + ": permission denied";
        }
        if (e instanceof FileSystemException f) {
            String reason = f.getReason() != null ? f.getReason()
                    : e instanceof NoSuchFileException ? "cannot be created there"
                    : e instanceof FileAlreadyExistsException ? "a file is in the way"
                    : e.getClass().getSimpleName();
            return f.getFile() + ": " + reason;
        }
        return e.toString();
    }

}
