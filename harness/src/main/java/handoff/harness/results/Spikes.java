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
 * From every trial's interval log ({@code hlog/<key>.hlog}) and what the trial measured beside it
 * ({@link TrialEvidence}): {@code latency-over-time.csv} (count, p50, p99 and max per interval, per trial, beside
 * the interval's GC pause, safepoints, each role's run delay, involuntary switches and migrations, and the jitter
 * thread's stall), {@code spikes.csv} (the intervals whose max is more than {@link #FACTOR}× the trial's own p99,
 * each with its measured cause by {@link SpikeCause#RULE}) and {@code jitter.csv} (per trial: its p50/p99/max beside
 * its jitter thread's, the floor of the box in the same seconds, and how many of its spikes have a cause).
 */
public final class Spikes {
    public static final String FILE = "spikes.csv";
    public static final String TIMELINE = "latency-over-time.csv";
    public static final String JITTER_FILE = "jitter.csv";
    /** A trial's jitter log is {@code hlog/<key>.jitter.hlog}: this suffix after its key. */
    public static final String JITTER = ".jitter";
    public static final double FACTOR = 10;
    /** Trial parameters copied onto every line, where the trial has them. */
    static final List<String> CONFIG = List.of("suite", "transport", "producers", "burst", "wait", "producer_model", "messages",
            "work", "load_pct", "fork");
    static final List<String> TIMELINE_COLUMNS = concat(concat(CONFIG, List.of("trial_key", "t_start_s", "t_end_s", "count",
            "p50_ns", "p99_ns", "max_ns")), TrialEvidence.TIMELINE_COLUMNS);
    static final List<String> SPIKE_COLUMNS = concat(concat(CONFIG, List.of("trial_key", "t_start_s", "t_end_s", "uptime_start_s",
            "uptime_end_s", "count", "p99_ns", "max_ns", "trial_p99_ns", "max_over_trial_p99", "gc_pauses",
            "gc_pause_total_ms", "gc_pause_max_ms", "gc_explains", "gc_detail", "hlog", "gc_log")), TrialEvidence.SPIKE_COLUMNS);
    static final List<String> JITTER_COLUMNS = concat(CONFIG, List.of("trial_key", "samples", "p50_ns", "p99_ns", "max_ns",
            "jitter_period_us", "jitter_samples", "jitter_p50_ns", "jitter_p99_ns", "jitter_max_ns", "intervals", "spikes", "spikes_explained"));

    private Spikes() {
    }

    /** Writes the files when the run has interval logs. */
    public static void write(Path runDir) throws IOException {
        Path dir = runDir.resolve(IntervalLog.FOLDER);
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> logs;
        try (Stream<Path> s = Files.list(dir)) {
            logs = s.filter(f -> f.getFileName().toString().endsWith(".hlog") && !f.getFileName().toString().endsWith(JITTER + ".hlog"))
                    .sorted().toList();
        }
        List<Map<String, String>> timeline = new ArrayList<>();
        List<Map<String, String>> spikes = new ArrayList<>();
        List<Map<String, String>> jitter = new ArrayList<>();
        RunFolder run = new RunFolder(runDir);
        for (Path f : logs) {
            String key = f.getFileName().toString().replaceFirst("\\.hlog$", "");
            IntervalLog.Log log = IntervalLog.read(f);
            TrialProperties trial = run.readTrial(key).orElse(TrialProperties.empty());
            Histogram total = Histograms.newNanos();
            log.intervals().forEach(i -> total.add(i.histogram()));
            long trialP99 = total.getValueAtPercentile(99);
            long origin = log.intervals().isEmpty() ? 0 : log.intervals().get(0).startEpochMs();
            TrialEvidence evidence = TrialEvidence.load(runDir, key, trial.getOrDefault("suite", key.replaceFirst("_.*", "")),
                    log.jvmStartEpochMs());
            int mine = 0;
            int explained = 0;
            for (int n = 0; n < log.intervals().size(); n++) {
                IntervalLog.Interval i = log.intervals().get(n);
                Histogram h = i.histogram();
                Map<String, String> line = config(trial, key);
                line.put("t_start_s", seconds(i.startEpochMs() - origin));
                line.put("t_end_s", seconds(i.endEpochMs() - origin));
                line.put("count", Long.toString(h.getTotalCount()));
                line.put("p50_ns", h.getTotalCount() == 0 ? "" : Long.toString(h.getValueAtPercentile(50)));
                line.put("p99_ns", h.getTotalCount() == 0 ? "" : Long.toString(h.getValueAtPercentile(99)));
                line.put("max_ns", h.getTotalCount() == 0 ? "" : Long.toString(h.getMaxValue()));
                line.putAll(evidence.interval(n, i));
                boolean spike = h.getTotalCount() > 0 && trialP99 > 0 && h.getMaxValue() > FACTOR * trialP99;
                line.put("spike", Boolean.toString(spike));
                if (spike) {
                    Map<String, String> s = spike(line, h, trialP99, i, log.jvmStartEpochMs(), runDir.relativize(f),
                            runDir.relativize(evidence.gcLog));
                    s.putAll(evidence.spike(n, i, h.getMaxValue()));
                    s.put("safepoint_log", runDir.relativize(evidence.safepointLog).toString());
                    s.put("sched_log", runDir.relativize(evidence.schedLog).toString());
                    s.put("jitter_hlog", runDir.relativize(evidence.jitterLog).toString());
                    line.put("cause", s.get("cause"));
                    spikes.add(s);
                    mine++;
                    explained += SpikeCause.UNEXPLAINED.id().equals(s.get("cause")) ? 0 : 1;
                }
                timeline.add(line);
            }
            jitter.add(jitterLine(config(trial, key), total, evidence.jitterTotal(), trial.getOrDefault("jitter_period_us", ""),
                    log.intervals().size(), mine, explained));
        }
        AtomicFiles.write(runDir.resolve(TIMELINE), CsvFormat.render(TIMELINE_COLUMNS, timeline));
        AtomicFiles.write(runDir.resolve(FILE), CsvFormat.render(SPIKE_COLUMNS, spikes));
        AtomicFiles.write(runDir.resolve(JITTER_FILE), CsvFormat.render(JITTER_COLUMNS, jitter));
    }

    private static Map<String, String> jitterLine(Map<String, String> line, Histogram total, Histogram jitter, String period,
                                                  int intervals, int spikes, int explained) {
        line.put("samples", Long.toString(total.getTotalCount()));
        if (total.getTotalCount() > 0) {
            line.put("p50_ns", Long.toString(total.getValueAtPercentile(50)));
            line.put("p99_ns", Long.toString(total.getValueAtPercentile(99)));
            line.put("max_ns", Long.toString(total.getMaxValue()));
        }
        line.put("jitter_samples", Long.toString(jitter.getTotalCount()));
        line.put("jitter_period_us", jitter.getTotalCount() == 0 ? "" : period);
        if (jitter.getTotalCount() > 0) {
            line.put("jitter_p50_ns", Long.toString(jitter.getValueAtPercentile(50)));
            line.put("jitter_p99_ns", Long.toString(jitter.getValueAtPercentile(99)));
            line.put("jitter_max_ns", Long.toString(jitter.getMaxValue()));
        }
        line.put("intervals", Integer.toString(intervals));
        line.put("spikes", Integer.toString(spikes));
        line.put("spikes_explained", Integer.toString(explained));
        return line;
    }

    private static Map<String, String> spike(Map<String, String> line, Histogram h, long trialP99, IntervalLog.Interval i,
                                             long jvmStart, Path hlog, Path gcLog) {
        Map<String, String> s = new LinkedHashMap<>(line);
        s.put("trial_p99_ns", Long.toString(trialP99));
        s.put("max_over_trial_p99", String.format(Locale.ROOT, "%.1f", (double) h.getMaxValue() / trialP99));
        s.put("hlog", hlog.toString());
        s.put("gc_log", gcLog.toString());
        if (jvmStart < 0) {
            s.put("gc_detail", "not aligned: the interval log does not record the JVM's start");
            return s;
        }
        s.put("uptime_start_s", String.format(Locale.ROOT, "%.3f", (i.startEpochMs() - jvmStart) / 1000.0));
        s.put("uptime_end_s", String.format(Locale.ROOT, "%.3f", (i.endEpochMs() - jvmStart) / 1000.0));
        return s;
    }

    private static Map<String, String> config(TrialProperties trial, String key) {
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
