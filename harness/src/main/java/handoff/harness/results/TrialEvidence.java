package handoff.harness.results;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything one latency trial measured beside its interval log, joined to that log's intervals: its GC pauses
 * ({@code logs/<key>.gc.log}) and safepoint operations ({@code logs/<key>.safepoint.log}), both by JVM uptime; its
 * scheduler counters by role ({@code hlog/<key>.sched.csv}) and its jitter thread's wake-ups
 * ({@code hlog/<key>.jitter.hlog}), both on the trial log's own interval grid (interval i is the same time in all
 * three). What a trial did not record is unknown: an empty cell, a NaN piece of {@link SpikeCause.Evidence}.
 */
final class TrialEvidence {
    /** Per interval, in {@code latency-over-time.csv}: what happened in the interval itself. */
    static final List<String> TIMELINE_COLUMNS = List.of("gc_pause_max_ms", "safepoints", "safepoint_max_ms", "ttsp_max_ms",
            "producer_run_delay_ms", "producer_involuntary", "producer_migrations", "consumer_run_delay_ms",
            "consumer_involuntary", "consumer_migrations", "jitter_max_ns", "jitter_stall_ns", "spike", "cause");
    /** Per spike, in {@code spikes.csv}: what happened in its evidence window ({@link SpikeCause#RULE}). */
    static final List<String> SPIKE_COLUMNS = List.of("safepoints", "safepoint_max_ms", "ttsp_max_ms", "safepoint_detail",
            "run_delay_ms", "run_delay_role", "involuntary", "migrations", "jitter_stall_ms", "cause", "safepoint_log",
            "sched_log", "jitter_hlog");

    private final List<GcLog.Pause> pauses;
    private final List<SafepointLog.Op> safepoints;
    private final Map<Integer, Map<String, String>> sched;
    private final List<IntervalLog.Interval> jitter;
    private final long jitterFloorNs;
    private final Histogram jitterTotal;
    /** Open loop: samples logged by intended time, so a stall's evidence lies after the interval, not before. */
    private final boolean intended;
    private final long jvmStartMs;
    final Path gcLog;
    final Path safepointLog;
    final Path schedLog;
    final Path jitterLog;

    private TrialEvidence(Path runDir, String key, boolean intended, long jvmStartMs) throws IOException {
        RunFolder run = new RunFolder(runDir);
        this.intended = intended;
        this.jvmStartMs = jvmStartMs;
        gcLog = run.logFile(key, ".gc.log");
        safepointLog = run.logFile(key, SafepointLog.SUFFIX);
        schedLog = runDir.resolve(SchedIntervals.relativePath(key));
        jitterLog = runDir.resolve(IntervalLog.relativePath(key + Spikes.JITTER));
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

    /** Interval i's own measures (the timeline's columns, {@code spike} and {@code cause} left to the caller). */
    Map<String, String> interval(int i, IntervalLog.Interval iv) {
        Map<String, String> m = new LinkedHashMap<>();
        double from = uptime(iv.startEpochMs());
        double to = uptime(iv.endEpochMs());
        m.put("gc_pause_max_ms", ms(gcMaxNs(from, to)));
        putSafepoints(m, from, to);
        Map<String, String> s = sched == null ? null : sched.get(i);
        for (String role : SchedIntervals.ROLES) {
            m.put(role + "_run_delay_ms", s == null ? "" : ms(num(s.get(role + "_run_delay_max_ns"))));
            m.put(role + "_involuntary", s == null ? "" : s.getOrDefault(role + "_involuntary", ""));
            m.put(role + "_migrations", s == null ? "" : s.getOrDefault(role + "_migrations", ""));
        }
        double jmax = jitterMaxNs(i);
        m.put("jitter_max_ns", Double.isNaN(jmax) ? "" : Long.toString((long) jmax));
        m.put("jitter_stall_ns", Double.isNaN(jmax) ? "" : Long.toString((long) stall(jmax)));
        return m;
    }

    /** A spike in interval i, of max {@code maxNs}: its evidence window's measures and its cause. */
    Map<String, String> spike(int i, IntervalLog.Interval iv, long maxNs) {
        Map<String, String> m = new LinkedHashMap<>();
        double spikeS = maxNs / 1e9;
        double from = uptime(iv.startEpochMs()) - (intended ? 0 : spikeS);
        double to = uptime(iv.endEpochMs()) + (intended ? spikeS : 0);
        double gc = gcMaxNs(from, to);
        List<GcLog.Pause> gcIn = pauses == null || Double.isNaN(from) ? List.of() : pauses.stream().filter(p -> p.overlaps(from, to)).toList();
        if (pauses != null && !Double.isNaN(from)) {
            m.put("gc_pauses", Integer.toString(gcIn.size()));
            m.put("gc_pause_total_ms", String.format(Locale.ROOT, "%.3f", gcIn.stream().mapToDouble(GcLog.Pause::ms).sum()));
            m.put("gc_pause_max_ms", ms(gc));
            m.put("gc_explains", Boolean.toString(gc >= maxNs / 2.0));
            m.put("gc_detail", String.join("; ", gcIn.stream().map(GcLog.Pause::toString).toList()));
        }
        double sp = putSafepoints(m, from, to);
        List<SafepointLog.Op> in = safepoints == null ? List.of() : safepoints.stream().filter(o -> o.overlaps(from, to)).toList();
        m.put("safepoint_detail", String.join("; ", in.stream().map(SafepointLog.Op::toString).toList()));
        double delay = Double.NaN;
        String role = "";
        for (int k = i; k <= i + (intended ? 1 : 0); k++) {
            Map<String, String> s = sched == null ? null : sched.get(k);
            for (String r : SchedIntervals.ROLES) {
                double d = s == null ? Double.NaN : num(s.get(r + "_run_delay_max_ns"));
                if (!Double.isNaN(d) && (Double.isNaN(delay) || d > delay)) {
                    delay = d;
                    role = r;
                    m.put("involuntary", s.getOrDefault(r + "_involuntary", ""));
                    m.put("migrations", s.getOrDefault(r + "_migrations", ""));
                }
            }
        }
        m.put("run_delay_ms", ms(delay));
        m.put("run_delay_role", role);
        double jitterStall = Double.NaN;
        for (int k = i; k <= i + (intended ? 1 : 0); k++) {
            double j = jitterMaxNs(k);
            if (!Double.isNaN(j)) {
                jitterStall = Double.isNaN(jitterStall) ? stall(j) : Math.max(jitterStall, stall(j));
            }
        }
        m.put("jitter_stall_ms", ms(jitterStall));
        m.put("cause", SpikeCause.of(maxNs, new SpikeCause.Evidence(gc, sp, delay, jitterStall)).id());
        return m;
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

    /** Puts the safepoint columns of the span; the longest operation's total in ns (NaN: not measured). */
    private double putSafepoints(Map<String, String> m, double from, double to) {
        if (safepoints == null || Double.isNaN(from)) {
            m.put("safepoints", "");
            m.put("safepoint_max_ms", "");
            m.put("ttsp_max_ms", "");
            return Double.NaN;
        }
        List<SafepointLog.Op> in = safepoints.stream().filter(o -> o.overlaps(from, to)).toList();
        double max = in.stream().mapToDouble(SafepointLog.Op::totalNs).max().orElse(0);
        m.put("safepoints", Integer.toString(in.size()));
        m.put("safepoint_max_ms", ms(max));
        m.put("ttsp_max_ms", ms(in.stream().mapToDouble(SafepointLog.Op::reachingNs).filter(r -> r >= 0).max().orElse(0)));
        return max;
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

    private static double num(String s) {
        return s == null || s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }

    static String ms(double ns) {
        return Double.isNaN(ns) ? "" : String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }
}
