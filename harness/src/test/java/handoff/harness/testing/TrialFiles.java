package handoff.harness.testing;

import handoff.harness.results.RunFolder;
import handoff.harness.results.TrialProperties;

import java.nio.file.Path;

/**
 * Test support: a trial file in a temporary run folder, of configuration abq, 1 producer, park, work 1, status ok,
 * with {@code kv} (name, value, ...) added or overriding.
 */
public final class TrialFiles {
    private TrialFiles() {
    }

    public static void write(Path runDir, String key, String... kv) {
        TrialProperties.Builder t = Trials.cells("transport", "abq", "producers", "1", "wait", "park", "work", "1", "status", "ok");
        new RunFolder(runDir).writeTrial(key, t.putAll(Trials.cells(kv).build()).build());
    }
}
