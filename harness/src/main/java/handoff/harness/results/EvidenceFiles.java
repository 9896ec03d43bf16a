package handoff.harness.results;

import java.nio.file.Path;

/**
 * The files of one latency trial that its spikes were read from, relative to the run folder: its interval log, GC
 * log, safepoint log, scheduler lines and jitter log (named whether or not the trial wrote them).
 */
public record EvidenceFiles(Path hlog, Path gcLog, Path safepointLog, Path schedLog, Path jitterHlog) {
}
