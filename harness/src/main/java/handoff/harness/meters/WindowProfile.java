package handoff.harness.meters;

import handoff.harness.results.TrialProperties;
import handoff.harness.runtime.Profiling;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import one.profiler.AsyncProfiler;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * A profile of a trial's measured window ({@code --profiler async|jfr}) for the suites that are not JMH's (RTT,
 * open-loop latency): started when the window opens, stopped when it closes, written beside the trial's other files as
 * {@code profiles/<trial-key>/flamegraph.html} (async-profiler, CPU samples by perf events, or by a timer where the
 * box refuses perf events, the reason said in one line) or {@code profiles/<trial-key>/recording.jfr} (JFR's
 * {@code profile} settings). A profiler that cannot start leaves the trial as it is and says why in one line.
 *
 * <p>Trial-result keys: {@code profile_file} the file (relative to the run folder; {@code profile} is the sweep's profile), empty where none was written;
 * {@code profile_note} what limited it, or why there is none.
 */
public final class WindowProfile {
    /** Sampling period of async-profiler: 1 ms, so that a window of a second gives a readable flame graph. */
    private static final long INTERVAL_NS = 1_000_000;
    public static final WindowProfile OFF = new WindowProfile(Profiling.NONE, null, null);

    private final String profiler;
    private final Path runDir;
    private final Path file;
    private AsyncProfiler async;
    private Recording jfr;
    private Thread starter;
    private volatile boolean started;
    private String note = "";
    private boolean written;

    private WindowProfile(String profiler, Path runDir, Path dir) {
        this.profiler = profiler;
        this.runDir = runDir;
        this.file = dir == null ? null : dir.resolve(Profiling.ASYNC.equals(profiler) ? "flamegraph.html" : "recording.jfr");
    }

    /** The trial's profile, its profiler loaded now (so that starting it costs the window little); OFF for {@code none}. */
    public static WindowProfile forTrial(String profiler, Path runDir, String trialKey) {
        if (Profiling.NONE.equals(profiler)) {
            return OFF;
        }
        WindowProfile p = new WindowProfile(profiler, runDir, runDir.resolve("profiles").resolve(trialKey));
        try {
            Files.createDirectories(p.file.getParent());
            if (Profiling.ASYNC.equals(profiler)) {
                p.async = AsyncProfiler.getInstance(Profiling.asyncLibrary().toString());
            } else if (Profiling.JFR.equals(profiler)) {
                p.jfr = new Recording(Configuration.getConfiguration("profile"));
                p.jfr.setName("measured window");
            } else {
                throw new IllegalArgumentException("unknown profiler '" + profiler + "'; allowed: none, async, jfr");
            }
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Exception | LinkageError e) {
            p.note = "no profile: " + profiler + " could not be loaded (" + oneLine(e) + ")";
        }
        return p;
    }

    /** Starts the profiler when {@code System.nanoTime()} reaches {@code originNs} (the window's start), on a thread of its own. */
    public void startAt(long originNs) {
        if (async == null && jfr == null) {
            return;
        }
        starter = new Thread(() -> {
            for (long wait = originNs - System.nanoTime(); wait > 0; wait = originNs - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            start();
        }, "handoff-profile-start");
        starter.setDaemon(true);
        starter.start();
    }

    private void start() {
        try {
            if (jfr != null) {
                jfr.start();
            } else {
                String perf = null;
                try {
                    async.execute("start,event=cpu,interval=" + INTERVAL_NS); // perf events' CPU clock: no hardware PMU needed
                } catch (IllegalStateException e) {
                    perf = oneLine(e); // e.g. perf_event_paranoid, or a container that refuses perf_event_open
                }
                if (perf != null) {
                    async.execute("start,event=itimer,interval=" + INTERVAL_NS);
                    note = "CPU sampled by a timer, not by perf events: " + perf;
                }
            }
            started = true;
        } catch (Exception e) {
            note = "no profile: " + profiler + " did not start (" + oneLine(e) + ")";
        }
    }

    /** Stops the profiler at the window's end and writes its file; once (a later call does nothing). */
    public void stop() throws InterruptedException {
        if (starter == null) {
            return;
        }
        starter.join(10_000);
        starter = null;
        if (!started) {
            note = note.isEmpty() ? "no profile: the window closed before " + profiler + " started" : note;
            return;
        }
        try {
            if (jfr != null) {
                jfr.stop();
                jfr.dump(file);
                jfr.close();
            } else {
                async.execute("stop,file=" + file);
            }
            written = Files.isRegularFile(file);
        } catch (Exception e) {
            note = "no profile: " + profiler + " could not write " + file.getFileName() + " (" + oneLine(e) + ")";
        }
    }

    /** The trial-result keys: the file and what limited it; nothing for an unprofiled trial. */
    public TrialProperties write() {
        TrialProperties.Builder out = TrialProperties.builder();
        if (this != OFF) {
            if (!written && note.isEmpty()) {
                note = "no profile: the trial ended before its measured window";
            }
            out.put("profile_file", written ? runDir.relativize(file).toString() : "");
            out.put("profile_note", note.replace(',', ';'));
        }
        return out.build();
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.strip().replaceAll("\\s+", " ");
    }
}
