package handoff.harness.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The run-level files for tools, rebuilt from the run folder whenever a sweep ends (complete or not):
 * {@code jmh-all.json} ({@link JmhMerge}), {@code latency-over-time.csv} and {@code spikes.csv}
 * ({@link Spikes}), then {@code summary.json} ({@link Summary}), which lists them.
 */
public final class RunArtefacts {
    private RunArtefacts() {
    }

    /** Writes them all; returns notes on what was left out. Throws only when a file cannot be written. */
    public static List<String> write(Path runDir) {
        try {
            List<String> notes = new ArrayList<>(JmhMerge.write(runDir));
            Spikes.write(runDir);
            Summary.write(runDir);
            return notes;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the run's summary files in " + runDir, e);
        }
    }
}
