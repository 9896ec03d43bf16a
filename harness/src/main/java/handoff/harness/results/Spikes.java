package handoff.harness.results;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * From every trial's interval log ({@code hlog/*.hlog}): {@code latency-over-time.csv} (count, p50, p99 and
 * max per interval, per trial) and {@code spikes.csv} (the intervals whose max is more than
 * {@link #FACTOR}× the trial's own p99, beside the GC pauses of the same seconds from the trial's GC log),
 * so that a reader can tell a GC pause from a scheduler stall.
 */
public final class Spikes {
    public static final String FILE = "spikes.csv";
    public static final String TIMELINE = "latency-over-time.csv";
    public static final double FACTOR = 10;
    /** Trial parameters copied onto every line, where the trial has them. */
    static final List<String> CONFIG = List.of("suite", "transport", "producers", "burst", "wait", "producer_model", "messages",
            "work", "load_pct", "fork");
    static final List<String> TIMELINE_COLUMNS = concat(CONFIG, List.of("trial_key", "t_start_s", "t_end_s", "count",
            "p50_ns", "p99_ns", "max_ns"));
    static final List<String> SPIKE_COLUMNS = concat(CONFIG, List.of("trial_key", "t_start_s", "t_end_s", "uptime_start_s",
            "uptime_end_s", "count", "p99_ns", "max_ns", "trial_p99_ns", "max_over_trial_p99", "gc_pauses",
            "gc_pause_total_ms", "gc_pause_max_ms", "gc_explains", "gc_detail", "hlog", "gc_log"));

    private Spikes() {
    }

    /** Writes both files when the run has interval logs. */
    public static void write(Path runDir) throws IOException {
        Path dir = runDir.resolve(IntervalLog.FOLDER);
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> logs;
        try (Stream<Path> s = Files.list(dir)) {
            logs = s.filter(f -> f.getFileName().toString().endsWith(".hlog")).sorted().toList();
        }
        List<Map<String, String>> timeline = new ArrayList<>();
        List<Map<String, String>> spikes = new ArrayList<>();
        RunFolder run = new RunFolder(runDir);
        for (Path f : logs) {
            String key = f.getFileName().toString().replaceFirst("\\.hlog$", "");
            IntervalLog.Log log = IntervalLog.read(f);
            Map<String, String> trial = run.readTrial(key).orElse(Map.of());
            Histogram total = Histograms.newNanos();
            log.intervals().forEach(i -> total.add(i.histogram()));
            long trialP99 = total.getValueAtPercentile(99);
            long origin = log.intervals().isEmpty() ? 0 : log.intervals().get(0).startEpochMs();
            Path gcLog = run.logFile(key, ".gc.log");
            List<GcLog.Pause> pauses = GcLog.pauses(gcLog);
            for (IntervalLog.Interval i : log.intervals()) {
                Histogram h = i.histogram();
                Map<String, String> line = config(trial, key);
                line.put("t_start_s", seconds(i.startEpochMs() - origin));
                line.put("t_end_s", seconds(i.endEpochMs() - origin));
                line.put("count", Long.toString(h.getTotalCount()));
                line.put("p50_ns", h.getTotalCount() == 0 ? "" : Long.toString(h.getValueAtPercentile(50)));
                line.put("p99_ns", h.getTotalCount() == 0 ? "" : Long.toString(h.getValueAtPercentile(99)));
                line.put("max_ns", h.getTotalCount() == 0 ? "" : Long.toString(h.getMaxValue()));
                timeline.add(line);
                if (h.getTotalCount() > 0 && trialP99 > 0 && h.getMaxValue() > FACTOR * trialP99) {
                    spikes.add(spike(line, h, trialP99, i, log.jvmStartEpochMs(), pauses, runDir.relativize(f), runDir.relativize(gcLog)));
                }
            }
        }
        AtomicFiles.write(runDir.resolve(TIMELINE), Csv.render(TIMELINE_COLUMNS, timeline));
        AtomicFiles.write(runDir.resolve(FILE), Csv.render(SPIKE_COLUMNS, spikes));
    }

    private static Map<String, String> spike(Map<String, String> line, Histogram h, long trialP99, IntervalLog.Interval i,
                                             long jvmStart, List<GcLog.Pause> pauses, Path hlog, Path gcLog) {
        Map<String, String> s = new LinkedHashMap<>(line);
        s.put("trial_p99_ns", Long.toString(trialP99));
        s.put("max_over_trial_p99", String.format(Locale.ROOT, "%.1f", (double) h.getMaxValue() / trialP99));
        s.put("hlog", hlog.toString());
        s.put("gc_log", gcLog.toString());
        if (jvmStart < 0) {
            s.put("gc_detail", "not aligned: the interval log does not record the JVM's start");
            return s;
        }
        double from = (i.startEpochMs() - jvmStart) / 1000.0;
        double to = (i.endEpochMs() - jvmStart) / 1000.0;
        s.put("uptime_start_s", String.format(Locale.ROOT, "%.3f", from));
        s.put("uptime_end_s", String.format(Locale.ROOT, "%.3f", to));
        List<GcLog.Pause> in = pauses.stream().filter(p -> p.overlaps(from, to)).toList();
        double totalMs = in.stream().mapToDouble(GcLog.Pause::ms).sum();
        double maxMs = in.stream().mapToDouble(GcLog.Pause::ms).max().orElse(0);
        s.put("gc_pauses", Integer.toString(in.size()));
        s.put("gc_pause_total_ms", String.format(Locale.ROOT, "%.3f", totalMs));
        s.put("gc_pause_max_ms", String.format(Locale.ROOT, "%.3f", maxMs));
        // a pause explains the spike when it is at least half as long as the spike's worst sample
        s.put("gc_explains", Boolean.toString(maxMs * 1e6 >= h.getMaxValue() / 2.0));
        s.put("gc_detail", String.join("; ", in.stream().map(GcLog.Pause::toString).toList()));
        return s;
    }

    private static Map<String, String> config(Map<String, String> trial, String key) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String c : CONFIG) {
            m.put(c, trial.getOrDefault(c, ""));
        }
        m.put("trial_key", key);
        return m;
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }
}
