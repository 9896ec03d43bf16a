package handoff.harness.rtt;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Histograms;
import handoff.harness.results.TransportTraits;
import handoff.harness.stats.Stats;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Folds RTT trials ({@link RttTrial}: each fork parsed once) into the typed rows of {@code rtt.csv} ({@link RttRow}),
 * one per configuration over its forks. Each of mean, p50, p90, p99 and p99.9 is the median over forks of each fork's
 * own, max the largest over forks; the p50s over forks also get their interval and the bimodality test
 * ({@link Stats}). The merged histogram of all samples is written as the {@code hgrm} artefact only (in a closed loop
 * a fast fork records more samples and would outweigh the others).
 */
final class RttRows {
    private RttRows() {
    }

    /** The rows of the trials (each a fork's properties, plan order), configuration by configuration. */
    static List<RttRow> fold(List<TrialProperties> trials, Path runDir) {
        return Forks.group(trials).stream().map(forks -> row(forks.stream().map(RttTrial::read).toList(), runDir)).toList();
    }

    private static RttRow row(List<RttTrial> forks, Path runDir) {
        RttTrial first = forks.get(0);
        RttConfig c = first.config();
        RttRow.Setup setup = new RttRow.Setup(c.transport(), c.producers(), c.burst(), c.waitStrategy(),
                c.producerModel(), c.messages(), first.result().jvmSettings(),
                forks.stream().anyMatch(f -> f.facts().isOversubscribed()), forks.size(), first.facts().threads(),
                first.facts().cpus(), first.facts().pinning(), first.runtime());
        // what the row's wait does on its send path (the reply path is fixed); the clock row has none
        String idle = c.clock() ? null : TransportTraits.idlePolicy(c.transport(), c.waitStrategy());
        // a broken fork never becomes a number: the row's status is the first fork's that is not ok
        Status status = forks.stream().map(RttTrial::status).filter(s -> !s.isOk()).findFirst().orElse(Status.ok());
        return new RttRow(setup, idle, status, status.isOk() ? figures(forks, runDir) : null);
    }

    private static RttRow.Figures figures(List<RttTrial> forks, Path runDir) {
        int n = forks.size();
        double[] means = new double[n];
        double[] p50s = new double[n];
        double[] p90s = new double[n];
        double[] p99s = new double[n];
        double[] p999s = new double[n];
        double max = Double.NaN;
        Histogram merged = Histograms.newNanos();
        for (int i = 0; i < n; i++) {
            Histogram h = forks.get(i).histogram();
            merged.add(h);
            means[i] = h.getMean();
            p50s[i] = h.getValueAtPercentile(50);
            p90s[i] = h.getValueAtPercentile(90);
            p99s[i] = h.getValueAtPercentile(99);
            p999s[i] = h.getValueAtPercentile(99.9);
            max = Double.isNaN(max) ? h.getMaxValue() : Math.max(max, h.getMaxValue());
        }
        String file = "hgrm/" + forks.get(0).facts().configKey() + ".hgrm";
        AtomicFiles.write(runDir.resolve(file), Histograms.percentileText(merged));
        // unstable judges the figure the row ranks by (p50 over forks), not the p99s, which a 0.4 s fork on a VM
        // moves by whole deschedules: the p99 spread is in p99_fork_min/max_ns for who wants it
        return new RttRow.Figures(Stats.median(means), Stats.medianInterval(p50s), Stats.median(p90s), Stats.median(p99s),
                Stats.median(p999s), max, p50s, p99s, merged.getTotalCount(),
                RttTrial.Usage.median(forks.stream().map(RttTrial::usage).toList()), Stats.bimodality(p50s),
                Stats.modes(p50s), Stats.spreadRatio(p50s) > Forks.UNSTABLE_RATIO, file,
                String.join(" ", forks.stream().map(f -> f.result().hlog()).filter(Objects::nonNull).toList()));
    }
}
