package handoff.harness.results;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * From every trial's interval log ({@code hlog/<key>.hlog}) and what the trial measured beside it
 * ({@link TrialEvidence}): {@code latency-over-time.csv} (count, p50, p99 and max per interval, per trial, beside
 * the interval's GC pause, safepoints, each role's run delay, involuntary switches and migrations, and the jitter
 * thread's stall), {@code spikes.csv} (the intervals whose max is more than {@link #FACTOR}× the trial's own p99,
 * each with its measured cause by {@link SpikeCause#RULE}) and {@code jitter.csv} (per trial: its p50/p99/max beside
 * its jitter thread's, the floor of the box in the same seconds, and how many of its spikes have a cause). Their
 * columns are {@link SpikesCsv}'s.
 */
public final class Spikes {
    public static final String FILE = "spikes.csv";
    public static final String TIMELINE = "latency-over-time.csv";
    public static final String JITTER_FILE = "jitter.csv";
    /** A trial's jitter log is {@code hlog/<key>.jitter.hlog}: this suffix after its key. */
    public static final String JITTER = ".jitter";
    public static final double FACTOR = 10;
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
        List<TimelineRow> timeline = new ArrayList<>();
        List<SpikeRow> spikes = new ArrayList<>();
        List<JitterRow> jitter = new ArrayList<>();
        RunFolder run = new RunFolder(runDir);
        for (Path f : logs) {
            String key = f.getFileName().toString().replaceFirst("\\.hlog$", "");
            IntervalLog.Log log = IntervalLog.read(f);
            TrialProperties trial = run.readTrial(key).orElse(TrialProperties.empty());
            TrialLabels labels = TrialLabels.read(key, trial::get);
            Histogram total = Histograms.newNanos();
            log.intervals().forEach(i -> total.add(i.histogram()));
            long trialP99 = total.getValueAtPercentile(99);
            long origin = log.intervals().isEmpty() ? 0 : log.intervals().get(0).startEpochMs();
            long jvmStart = log.jvmStartEpochMs();
            TrialEvidence evidence = TrialEvidence.load(runDir, key, labels.suite() == null ? key.replaceFirst("_.*", "")
                    : labels.suite(), jvmStart);
            int mine = 0;
            int explained = 0;
            for (int n = 0; n < log.intervals().size(); n++) {
                IntervalLog.Interval i = log.intervals().get(n);
                Histogram h = i.histogram();
                IntervalLine line = new IntervalLine(labels, i.startEpochMs() - origin, i.endEpochMs() - origin,
                        LatencyQuantiles.of(h));
                SpikeCause cause = null;
                if (h.getTotalCount() > 0 && trialP99 > 0 && h.getMaxValue() > FACTOR * trialP99) {
                    SpikeEvidence e = evidence.spike(n, i, h.getMaxValue());
                    spikes.add(new SpikeRow(line, jvmStart < 0 ? null : i.startEpochMs() - jvmStart,
                            jvmStart < 0 ? null : i.endEpochMs() - jvmStart, trialP99, e, evidence.files()));
                    cause = e.cause();
                    mine++;
                    explained += cause == SpikeCause.UNEXPLAINED ? 0 : 1;
                }
                timeline.add(new TimelineRow(line, evidence.interval(n, i), cause));
            }
            Integer period = trial.integer("jitter_period_us");
            jitter.add(new JitterRow(labels, LatencyQuantiles.of(total), period == null ? null : Long.valueOf(period),
                    LatencyQuantiles.of(evidence.jitterTotal()), log.intervals().size(), mine, explained));
        }
        AtomicFiles.write(runDir.resolve(TIMELINE), SpikesCsv.TIMELINE.render(timeline));
        AtomicFiles.write(runDir.resolve(FILE), SpikesCsv.SPIKES.render(spikes));
        AtomicFiles.write(runDir.resolve(JITTER_FILE), SpikesCsv.JITTER.render(jitter));
    }
}
