package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.trial.TrialSpec;

import java.util.List;

/** How a run's trials ended, for the manifest and the closing line: {@code 12 ok, 1 failed, 0 timeout, 3 n/a, 2 skipped}. */
public record Counts(int ok, int failed, int timeout, int notApplicable, int skipped) {
    public int total() {
        return ok + failed + timeout + notApplicable + skipped;
    }

    /** The statuses of the plan's trials that have a result in the run folder. */
    static Counts of(RunFolder run, List<TrialSpec> all) {
        int ok = 0, failed = 0, timeout = 0, na = 0, skipped = 0;
        for (TrialSpec t : all) {
            String s = run.readTrial(t.key()).map(p -> p.getOrDefault("status", "")).orElse(null);
            if (s == null) {
                continue;
            }
            if (s.equals("ok")) {
                ok++;
            } else if (s.startsWith("timeout")) {
                timeout++;
            } else if (s.startsWith("n/a")) {
                na++;
            } else if (s.startsWith("skipped")) {
                skipped++;
            } else {
                failed++;
            }
        }
        return new Counts(ok, failed, timeout, na, skipped);
    }

    @Override
    public String toString() {
        return ok + " ok, " + failed + " failed, " + timeout + " timeout, " + notApplicable + " n/a, " + skipped + " skipped";
    }
}
