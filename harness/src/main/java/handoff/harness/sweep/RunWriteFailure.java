package handoff.harness.sweep;

import handoff.harness.results.RunFolder;
import handoff.harness.results.WriteFailed;

import java.io.IOException;

/** How a sweep ends on a write failure: the run marked, and the one line that says what happened and what next. */
final class RunWriteFailure {
    private RunWriteFailure() {
    }

    /**
     * Marks the run {@value ManifestWriter#WRITE_FAILED} where its manifest can still be written, and returns the failure
     * to throw: the path, the cause, what is kept and how to go on.
     */
    static WriteFailed end(WriteFailed e, ManifestWriter manifest, RunFolder run) {
        boolean marked = manifest.writeFailed(e);
        if (!RunFolder.isRun(run.dir())) { // the folder (or its manifest) was removed under the run
            return new WriteFailed(e.path(), new IOException(e.reason() + "; " + run.dir()
                    + " has no manifest.json or sweep.properties any more, so it cannot be resumed: start a new run"));
        }
        return new WriteFailed(e.path(), new IOException(e.reason() + "; finished trials are kept in " + run.dir()
                + (marked ? " (status " + ManifestWriter.WRITE_FAILED + ")" : " (its manifest could not be marked either; it reads incomplete)")
                + "; once the cause is gone, continue with: ./run-bench.sh --resume " + run.dir()));
    }
}
