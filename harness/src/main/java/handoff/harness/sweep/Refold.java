package handoff.harness.sweep;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.CsvFormat;
import handoff.harness.trial.RuntimeAxes;
import handoff.harness.trial.Suite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A suite's CSV folded from finished trials by the code that runs now: what a sweep writes after each trial, and what
 * {@code handoff refold RUN} writes again from a run's kept trials, so that a committed run's rows and verdicts follow
 * a change of the statistics without measuring anything again.
 */
public final class Refold {
    private Refold() {
    }

    /** Folds the trials (in plan order) into the suite's rows and writes its CSV atomically; nothing without trials. */
    public static void write(Path runDir, Suite suite, List<Map<String, String>> trials) {
        if (trials.isEmpty()) {
            return;
        }
        List<Map<String, String>> rows = suite.rows(trials, runDir);
        List<String> columns = new ArrayList<>(suite.columns()); // a swept runtime's columns, where its rows have them
        RuntimeAxes.COLUMNS.stream().filter(c -> !columns.contains(c) && rows.stream().anyMatch(r -> r.containsKey(c))).forEach(columns::add);
        AtomicFiles.write(runDir.resolve(suite.csvFile()), CsvFormat.render(columns, rows));
    }
}
