package handoff.harness.testing;

import handoff.harness.results.TrialProperties;

/** Test support: a trial's cells from name, value pairs, in order, as a test's fixture writes them. */
public final class Trials {
    private Trials() {
    }

    public static TrialProperties.Builder cells(String... kv) {
        if (kv.length % 2 != 0) {
            throw new IllegalArgumentException("cells come in name, value pairs; got " + kv.length + " strings");
        }
        TrialProperties.Builder t = TrialProperties.builder();
        for (int i = 0; i < kv.length; i += 2) {
            t.put(kv[i], kv[i + 1]);
        }
        return t;
    }
}
