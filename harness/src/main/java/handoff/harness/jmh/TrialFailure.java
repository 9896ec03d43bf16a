package handoff.harness.jmh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How a benchmark in a JMH fork tells the harness why it failed (lost events, checksum mismatch): JMH
 * only says "had encountered error", so the reason is written to the file named by the
 * {@value #PROPERTY} system property, then the benchmark throws as usual.
 */
public final class TrialFailure {
    public static final String PROPERTY = "handoff.failure.file";

    private TrialFailure() {
    }

    /** Records the reason (first one wins) and returns an exception for the caller to throw. */
    public static IllegalStateException report(String reason) {
        String file = System.getProperty(PROPERTY);
        if (file != null) {
            try {
                Files.writeString(Path.of(file), reason + "\n", StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                // the exception below still fails the trial
            }
        }
        return new IllegalStateException(reason);
    }
}
