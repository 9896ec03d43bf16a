package handoff.harness.meters;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.IntervalLog;
import handoff.harness.results.IntervalRecorder;
import handoff.harness.results.RunFolder;
import handoff.harness.results.SafepointLog;
import handoff.harness.results.SchedIntervals;
import handoff.harness.results.SchedLine;
import handoff.harness.results.Spikes;
import handoff.harness.runtime.SafepointLogging;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * What a latency trial records beside its own interval log so that each spike can be given its cause: the jitter
 * baseline ({@link JitterMeter}, {@code hlog/<key>.jitter.hlog}), the scheduler's counters of each role per interval
 * ({@link RoleSampler}, {@code hlog/<key>.sched.csv}) and the safepoint log ({@link SafepointLogging},
 * {@code logs/<key>.safepoint.log}). One extra thread, {@code jitter}: it sleeps to deadlines 10 ms apart ({@link JitterMeter#PERIOD_NS}), records its lateness,
 * and reads /proc at each interval boundary (after recording, and its next deadline is taken after the reading, so
 * the reading is never counted as a stall). It is a plain platform thread, not one of the trial's: it has no role,
 * no pinning, and its CPU is not in the trial's per-role figures.
 *
 * <p>{@code -Dhandoff.tails=off} ({@link #SWITCH}) runs the trial without any of it, to check that the instrumentation
 * does not move what the trial measures (the paired check of results/README.md).
 */
public final class TailProbe {
    /** System property: {@code off} turns the jitter thread, the /proc sampling and the safepoint log off. */
    public static final String SWITCH = "handoff.tails";
    /** System property: the jitter thread's period in µs (default 10000), to measure what the period costs a trial. */
    public static final String PERIOD = "handoff.tails.period_us";
    /** Does nothing. */
    public static final TailProbe OFF = new TailProbe(null, null, null);

    private final Path runDir;
    private final String trialKey;
    private final ThreadActivity activity;
    private JitterMeter meter;
    private RoleSampler sampler;
    private Thread thread;
    private volatile boolean stopping;
    private IntervalRecorder jitter;
    private List<SchedLine> sched = List.of();

    private TailProbe(Path runDir, String trialKey, ThreadActivity activity) {
        this.runDir = runDir;
        this.trialKey = trialKey;
        this.activity = activity;
    }

    /** The jitter thread's period: {@link JitterMeter#PERIOD_NS}, or {@code -D}{@value #PERIOD}{@code =<µs>} (1..1000000). */
    static long periodNs() {
        long us = Long.getLong(PERIOD, JitterMeter.PERIOD_NS / 1000);
        return Math.max(1, Math.min(1_000_000, us)) * 1000;
    }

    /** Whether {@link #SWITCH} leaves the instrumentation on (the default). */
    public static boolean enabled() {
        return !"off".equalsIgnoreCase(System.getProperty(SWITCH, "on"));
    }

    /** A probe for one trial of the run: starts its safepoint log now; {@link #OFF} when {@link #SWITCH} is off. */
    public static TailProbe forTrial(Path runDir, String trialKey, ThreadActivity activity) {
        if (!enabled()) {
            return OFF;
        }
        SafepointLogging.start(new RunFolder(runDir).logFile(trialKey, SafepointLog.SUFFIX));
        return new TailProbe(runDir, trialKey, activity);
    }

    /** Starts the jitter thread on the trial's interval grid: interval 0 starts at {@code originNs}. */
    public void begin(long originNs, long intervalNs) {
        if (runDir == null) {
            return;
        }
        sampler = RoleSampler.of(activity);
        meter = new JitterMeter(System::nanoTime, deadline -> {
            long left;
            while ((left = deadline - System.nanoTime()) > 0 && !stopping) {
                LockSupport.parkNanos(left);
            }
        }, periodNs(), originNs, intervalNs, sampler::sample);
        thread = new Thread(meter, "jitter");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Stops the thread and keeps the intervals {@code [first, end)} of its grid, the ones the trial's log keeps (the
     * open loop's window opens at a boundary decided during the run); interval {@code first} becomes interval 0.
     */
    public void end(int first, int end) throws InterruptedException {
        if (thread == null) {
            return;
        }
        stopping = true;
        meter.stop();
        LockSupport.unpark(thread); // ends the current sleep (no interrupt: it would fail the last /proc reading)
        thread.join(5_000);
        IntervalRecorder all = meter.recorder();
        List<Histogram> kept = new ArrayList<>();
        List<Histogram> intervals = all.intervals();
        for (int i = first; i < Math.min(end, intervals.size()); i++) {
            kept.add(intervals.get(i));
        }
        jitter = IntervalRecorder.of(all.originNs() + first * all.intervalNs(), all.intervalNs(), kept);
        sched = sampler.lines().stream().filter(l -> l.interval() >= first && l.interval() < end)
                .map(l -> l.at(l.interval() - first)).toList();
    }

    /** Writes the jitter log and the scheduler lines; the result's columns naming them (none when off). */
    public TrialProperties write() {
        TrialProperties.Builder out = TrialProperties.builder();
        if (jitter == null) {
            return out.build();
        }
        out.put("jitter_hlog", IntervalLog.write(runDir, trialKey + Spikes.JITTER, List.of(jitter)));
        out.put("jitter_period_us", Long.toString(meter.periodNs() / 1000));
        out.put("sched_log", SchedIntervals.write(runDir, trialKey, sched));
        return out.build();
    }
}
