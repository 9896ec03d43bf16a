package handoff.harness.results;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The layout of {@code results/<run-id>/} (see results/README.md) and its atomic reads and writes. */
public final class RunFolder {
    public static final String MANIFEST = "manifest.json";
    public static final String SWEEP = "sweep.properties";
    /** The file a sweep holds an exclusive lock on while it writes the folder. */
    public static final String LOCK = ".sweep.lock";

    private final Path dir;

    public RunFolder(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** Whether {@code dir} looks like a run this harness wrote (used to validate {@code --resume}). */
    public static boolean isRun(Path dir) {
        return Files.isRegularFile(dir.resolve(MANIFEST)) && Files.isRegularFile(dir.resolve(SWEEP));
    }

    /**
     * Whether a live sweep holds the folder's lock. The OS drops a lock when its holder dies, however it
     * died, so a manifest that says {@code running} under a free lock was left by a sweep killed hard.
     * Asks for a shared lock on a read-only channel, so it also works on a folder it may not write. Only for
     * other processes than the sweep: closing any channel to a file drops this process's locks on it.
     */
    public static boolean sweepAlive(Path dir) {
        Path lock = dir.resolve(LOCK);
        if (!Files.isRegularFile(lock)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.READ)) {
            FileLock shared = channel.tryLock(0, Long.MAX_VALUE, true);
            if (shared == null) {
                return true;
            }
            shared.release();
            return false;
        } catch (OverlappingFileLockException heldInThisJvm) {
            return true;
        } catch (IOException e) {
            return true; // cannot tell: the manifest's own word stands
        }
    }

    public Path trialFile(String trialKey) {
        return dir.resolve("trials").resolve(trialKey + ".properties");
    }

    public Path logFile(String trialKey, String suffix) {
        return dir.resolve("logs").resolve(trialKey + suffix);
    }

    public boolean hasTrial(String trialKey) {
        return Files.isRegularFile(trialFile(trialKey));
    }

    public void writeTrial(String trialKey, TrialProperties props) {
        AtomicFiles.write(trialFile(trialKey), toProperties(props.asMap()));
    }

    public Optional<TrialProperties> readTrial(String trialKey) {
        Path f = trialFile(trialKey);
        return Files.isRegularFile(f) ? Optional.of(readTrial(f)) : Optional.empty();
    }

    /** A trial's file ({@code trials/<key>.properties}, or a child's result file) as its cells. */
    public static TrialProperties readTrial(Path f) {
        return TrialProperties.of(readProperties(f));
    }

    /**
     * The recorded trials of one suite in this run, in file-name order (a trial's file is named by its key, which
     * starts with its suite's name): the one place that finds a suite's trial files. Empty where there are none.
     */
    public List<StoredTrial> trials(String suite) {
        Path trials = dir.resolve("trials");
        if (!Files.isDirectory(trials)) {
            return List.of();
        }
        String prefix = suite + "_";
        try (Stream<Path> s = Files.list(trials)) {
            return s.filter(f -> f.getFileName().toString().startsWith(prefix) && f.getFileName().toString().endsWith(".properties"))
                    .sorted().map(f -> new StoredTrial(key(f), readTrial(f))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + trials, e);
        }
    }

    private static String key(Path trialFile) {
        String name = trialFile.getFileName().toString();
        return name.substring(0, name.length() - ".properties".length());
    }

    /** One trial as its file holds it: its key (the file's name) and what was recorded, as read from the file. */
    public record StoredTrial(String key, TrialProperties values) {
    }

    public static String toProperties(Map<String, String> props) {
        Properties p = new Properties();
        props.forEach((k, v) -> p.setProperty(k, v == null ? "" : v));
        StringWriter w = new StringWriter();
        try {
            p.store(w, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    public static Map<String, String> readProperties(Path f) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f, e);
        }
        Map<String, String> m = new LinkedHashMap<>();
        new TreeMap<>(p).forEach((k, v) -> m.put((String) k, (String) v));
        return m;
    }
}
