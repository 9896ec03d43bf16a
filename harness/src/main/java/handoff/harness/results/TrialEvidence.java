package handoff.harness.results;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything one latency trial measured beside its interval log, joined to that log's intervals: its GC pauses
 * ({@code logs/<key>.gc.log}) and safepoint operations ({@code logs/<key>.safepoint.log}), both by JVM uptime; its
 * scheduler counters by role ({@code hlog/<key>.sched.csv}) and its jitter thread's wake-ups
 * ({@code hlog/<key>.jitter.hlog}), both on the trial log's own interval grid (interval i is the same time in all
 * three). What a trial did not record is unknown: a null or NaN figure of {@link IntervalEvidence} and
 * {@link SpikeEvidence}, an empty cell.
 */
final class TrialEvidence {
    private final List<GcLog.Pause> pauses;
    private final List<SafepointLog.Op> safepoints;
    private final Map<Integer, SchedLine> sched;
    private final List<IntervalLog.Interval> jitter;
    private final long jitterFloorNs;
    private final Histogram jitterTotal;
    /** Open loop: samples logged by intended time, so a stall's evidence lies after the interval, not before. */
    private final boolean intended;
    private final long jvmStartMs;
    private final EvidenceFiles files;

    private TrialEvidence(Path runDir, String key, boolean intended, long jvmStartMs) throws IOException {
        RunFolder run = new RunFolder(runDir);
        this.intended = intended;
        this.jvmStartMs = jvmStartMs;
        Path gcLog = run.logFile(key, ".gc.log");
        Path safepointLog = run.logFile(key, SafepointLog.SUFFIX);
        Path schedLog = runDir.resolve(SchedIntervals.relativePath(key));
        Path jitterLog = runDir.resolve(IntervalLog.relativePath(key + Spikes.JITTER));
        files = new EvidenceFiles(runDir.relativize(runDir.resolve(IntervalLog.relativePath(key))), runDir.relativize(gcLog),
                runDir.relativize(safepointLog), runDir.relativize(schedLog), runDir.relativize(jitterLog));
        pauses = Files.isRegularFile(gcLog) ? GcLog.pauses(gcLog) : null;
        safepoints = SafepointLog.read(safepointLog);
        sched = SchedIntervals.read(schedLog);
        jitter = Files.isRegularFile(jitterLog) ? IntervalLog.read(jitterLog).intervals() : null;
        jitterTotal = Histograms.newNanos();
        if (jitter != null) {
            jitter.forEach(i -> jitterTotal.add(i.histogram()));
        }
        jitterFloorNs = jitterTotal.getTotalCount() == 0 ? -1 : jitterTotal.getValueAtPercentile(50);
    }

    static TrialEvidence load(Path runDir, String key, String suite, long jvmStartMs) throws IOException {
        return new TrialEvidence(runDir, key, "latency".equals(suite), jvmStartMs);
    }

    /** The jitter thread's wake-ups over the whole window (empty when it did not run). */
    Histogram jitterTotal() {
        return jitterTotal;
    }

    /** The files the evidence is read from, relative to the run folder. */
    EvidenceFiles files() {
        return files;
    }

    /** Interval i's own measures. */
    IntervalEvidence interval(int i, IntervalLog.Interval iv) {
        double from = uptime(iv.startEpochMs());
        double to = uptime(iv.endEpochMs());
        double jmax = jitterMaxNs(i);
        return new IntervalEvidence(gcMaxNs(from, to), safepoints(from, to), sched == null ? null : sched.get(i), jmax,
                Double.isNaN(jmax) ? Double.NaN : stall(jmax));
    }

    /** A spike in interval i, of max {@code maxNs}: its evidence window's measures and its cause. */
    SpikeEvidence spike(int i, IntervalLog.Interval iv, long maxNs) {
        double spikeS = maxNs / 1e9;
        double from = uptime(iv.startEpochMs()) - (intended ? 0 : spikeS);
        double to = uptime(iv.endEpochMs()) + (intended ? spikeS : 0);
        List<GcLog.Pause> gcIn = pauses == null || Double.isNaN(from) ? null : pauses.stream().filter(p -> p.overlaps(from, to)).toList();
        SafepointSpan sp = safepoints(from, to);
        double delay = Double.NaN;
        SchedRole role = null;
        RoleSched roleSched = null;
        for (int k = i; k <= i + (intended ? 1 : 0); k++) {
            SchedLine s = sched == null ? null : sched.get(k);
            for (SchedRole r : SchedRole.values()) {
                double d = s == null ? Double.NaN : s.of(r).runDelayMaxOrNaN();
                if (!Double.isNaN(d) && (Double.isNaN(delay) || d > delay)) {
                    delay = d;
                    role = r;
                    roleSched = s.of(r);
                }
            }
        }
        double jitterStall = Double.NaN;
        for (int k = i; k <= i + (intended ? 1 : 0); k++) {
            double j = jitterMaxNs(k);
            if (!Double.isNaN(j)) {
                jitterStall = Double.isNaN(jitterStall) ? stall(j) : Math.max(jitterStall, stall(j));
            }
        }
        SpikeCause cause = SpikeCause.of(maxNs, new SpikeCause.Evidence(gcMaxNs(from, to), sp == null ? Double.NaN : sp.maxNs(),
                delay, jitterStall));
        return new SpikeEvidence(gcIn, sp, delay, role, roleSched, jitterStall, cause);
    }

    private double uptime(long epochMs) {
        return jvmStartMs < 0 ? Double.NaN : (epochMs - jvmStartMs) / 1000.0;
    }

    /** The longest GC pause overlapping the uptime span, in ns: 0 if none, NaN without a log or an alignment. */
    private double gcMaxNs(double from, double to) {
        if (pauses == null || Double.isNaN(from)) {
            return Double.NaN;
        }
        return pauses.stream().filter(p -> p.overlaps(from, to)).mapToDouble(p -> p.ms() * 1e6).max().orElse(0);
    }

    /** The safepoint operations of the span; null without a log or an alignment. */
    private SafepointSpan safepoints(double from, double to) {
        return safepoints == null || Double.isNaN(from) ? null : SafepointSpan.of(safepoints, from, to);
    }

    private double jitterMaxNs(int i) {
        if (jitter == null || i >= jitter.size() || jitter.get(i).histogram().getTotalCount() == 0) {
            return Double.NaN;
        }
        return jitter.get(i).histogram().getMaxValue();
    }

    /** A wake-up's lateness above the jitter thread's own floor (its median over the window). */
    private double stall(double lateNs) {
        return Math.max(0, lateNs - Math.max(0, jitterFloorNs));
    }
}
