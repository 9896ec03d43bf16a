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
        TrialProperties.Builder t = TrialProperties.builder()
                .put("transport", "abq")
                .put("producers", "1")
                .put("wait", "park")
                .put("work", "1")
                .put("status", "ok");
        for (int i = 0; i < kv.length; i += 2) {
            t.put(kv[i], kv[i + 1]);
        }
        new RunFolder(runDir).writeTrial(key, t.build());
    }
}
