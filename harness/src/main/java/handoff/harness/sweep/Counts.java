package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.trial.Status;
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
            Status.Kind kind = run.readTrial(t.key()) // a status missing or unreadable counts as failed
                    .map(p -> Status.read(p.getOrDefault("status", "")).map(Status::kind).orElse(Status.Kind.FAILED)).orElse(null);
            if (kind == null) {
                continue;
            }
            switch (kind) {
                case OK -> ok++;
                case TIMEOUT -> timeout++;
                case NOT_APPLICABLE -> na++;
                case SKIPPED -> skipped++;
                case FAILED -> failed++;
                default -> throw new IllegalStateException(kind.toString());
            }
        }
        return new Counts(ok, failed, timeout, na, skipped);
    }

    @Override
    public String toString() {
        return ok + " ok, " + failed + " failed, " + timeout + " timeout, " + notApplicable + " n/a, " + skipped + " skipped";
    }
}
