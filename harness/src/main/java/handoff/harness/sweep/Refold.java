package handoff.harness.sweep;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.AtomicFiles;
import handoff.harness.trial.Suite;
import java.nio.file.Path;
import java.util.List;

/**
 * A suite's CSV folded from finished trials by the code that runs now: what a sweep writes after each trial, and what
 * {@code handoff refold RUN} writes again from a run's kept trials (or, for a run that keeps none, from the forks a suite
 * keeps in its own result files: {@link Suite#foldsKeptForks}), so that a committed run's rows and verdicts follow a
 * change of the statistics without measuring anything again.
 */
public final class Refold {
    private Refold() {
    }

    /** Folds the trials (in plan order) into the suite's rows and writes its CSV atomically; nothing without trials. */
    public static void write(Path runDir, Suite suite, List<TrialProperties> trials) {
        if (trials.isEmpty()) {
            return;
        }
        AtomicFiles.write(runDir.resolve(suite.csvFile()), suite.csv(trials, runDir));
    }

    /**
     * A suite's CSV folded from the forks the run keeps in its own result files alone ({@link Suite#foldsKeptForks}): for
     * a run that keeps no {@code trials/}. Returns what the fold left out of those files and why.
     */
    public static List<String> writeKept(Path runDir, Suite suite) {
        AtomicFiles.write(runDir.resolve(suite.csvFile()), suite.csv(List.of(), runDir));
        return suite.keptForksLeftOut(List.of(), runDir);
    }
}
