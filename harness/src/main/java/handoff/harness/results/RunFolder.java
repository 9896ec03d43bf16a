package handoff.harness.results;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/** The layout of {@code results/<run-id>/} (see results/README.md) and its atomic reads and writes. */
public final class RunFolder {
    public static final String MANIFEST = "manifest.json";
    public static final String SWEEP = "sweep.properties";

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

    public Path trialFile(String trialKey) {
        return dir.resolve("trials").resolve(trialKey + ".properties");
    }

    public Path logFile(String trialKey, String suffix) {
        return dir.resolve("logs").resolve(trialKey + suffix);
    }

    public boolean hasTrial(String trialKey) {
        return Files.isRegularFile(trialFile(trialKey));
    }

    public void writeTrial(String trialKey, Map<String, String> props) {
        AtomicFiles.write(trialFile(trialKey), toProperties(props));
    }

    public Optional<Map<String, String>> readTrial(String trialKey) {
        Path f = trialFile(trialKey);
        return Files.isRegularFile(f) ? Optional.of(readProperties(f)) : Optional.empty();
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
