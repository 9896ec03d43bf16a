package handoff.harness.latency;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Histograms;
import handoff.harness.stats.SteadyState;
import handoff.harness.stats.Stats;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * The latency suite's rows: pipeline-latency.csv (one row per configuration and load, forks folded), and its
 * by-products pipeline-capacity.csv (each configuration's sustainable rate and capacity at the budget) and
 * pipeline-hops.csv; each fork's trial parsed once ({@link LatencyTrial}), the rows typed ({@link LatencyRow},
 * {@link CapacityRow}, {@link HopRow}) and written by {@link LatencyCsv}'s tables.
 *
 * <p>Verdicts over forks: a row is {@code saturated} when any fork's backlog reached the saturation fraction of its
 * bound (one buffer-bound fork is enough to put the buffer's size into the row's tail); it is {@code not-steady}
 * when more than half its forks are (on a flat series with 30 % interval-to-interval noise a fork's window is
 * flagged 3.8 % of the time (SteadyStateTest); a majority of three then ≈ 0.4 %, while a row that never settles is
 * flagged in every fork).
 */
public final class LatencyRows {
    /** {@code pipeline-capacity.csv}, as the report names it. */
    public static final String CAPACITY_FILE = LatencyCsv.CAPACITY_FILE;

    private LatencyRows() {
    }

    /**
     * The rows of pipeline-latency.csv from the trials (each a fork's properties, plan order), configuration by
     * configuration; writes pipeline-capacity.csv and pipeline-hops.csv (where they have rows) and the merged hgrm files.
     */
    static List<LatencyRow> fold(List<TrialProperties> trials, Path runDir) {
        List<LatencyRow> rows = new ArrayList<>();
        List<HopRow> hopRows = new ArrayList<>();
        List<CapacityRow> capacity = new ArrayList<>();
        for (List<TrialProperties> group : Forks.group(trials)) {
            List<LatencyTrial> forks = group.stream().map(LatencyTrial::read).toList();
            LatencyTrial first = forks.get(0);
            Status status = status(forks);
            if (LatencySuite.SUSTAINABLE.equals(first.setup().rateBasis())) {
                capacity.add(new CapacityRow(first.setup(), first.search(), first.pacer(), status));
                continue;
            }
            LatencyRow row = new LatencyRow(first.setup(), median(forks, LatencyTrial::offeredEps), first.pacer(), status,
                    forks.size(), forks.stream().anyMatch(LatencyTrial::oversubscribed), null);
            if (status.isOk()) {
                List<LatencyTrial.Measured> m = forks.stream().map(LatencyTrial::measured).toList();
                String key = first.setup().configKey();
                row = new LatencyRow(row.setup(), row.offeredEps(), row.pacer(), status, row.forks(), row.oversubscribed(),
                        figures(row, m, runDir, key));
                for (int i = 0; i < LatencySuite.HOPS.length; i++) {
                    int hop = i;
                    List<Histogram> perFork = m.stream().map(f -> f.hops()[hop]).toList();
                    hopRows.add(new HopRow(row, LatencySuite.HOPS[i], ForkPercentiles.of(perFork),
                            write(runDir, "hgrm/" + key + "_hop" + (i + 1) + ".hgrm", merged(perFork))));
                }
            }
            rows.add(row);
        }
        if (!hopRows.isEmpty()) {
            AtomicFiles.write(runDir.resolve(LatencyCsv.HOPS.file()), LatencyCsv.HOPS.render(hopRows));
        }
        if (!capacity.isEmpty()) {
            AtomicFiles.write(runDir.resolve(LatencyCsv.CAPACITY.file()), LatencyCsv.CAPACITY.render(capacity));
        }
        return rows;
    }

    /**
     * An ok row's figures. Per-fork p50/p99 intervals ({@link Stats}; the p50/p99 columns are medians over forks too),
     * {@code unstable}, and {@code overloaded}: the backlog grew over the window by more than 1 % of the events
     * offered in it in the median fork, so latency grew through the window and the percentiles describe a queue, not a
     * hand-off. Percentiles are per fork; the merged histogram is an artefact (hgrm) only.
     */
    private static LatencyRow.Figures figures(LatencyRow row, List<LatencyTrial.Measured> forks, Path runDir, String key) {
        int n = forks.size();
        double[] p50 = new double[n];
        double[] p99 = new double[n];
        for (int i = 0; i < n; i++) {
            Histogram h = forks.get(i).histogram();
            p50[i] = h.getValueAtPercentile(50);
            p99[i] = h.getValueAtPercentile(99);
        }
        // the row ranks by p99 at equal load: forks whose p99s disagree by more than 2x make it unstable
        Boolean unstable = n < 2 ? null : Stats.spreadRatio(p99) > Forks.UNSTABLE_RATIO;
        double growth = medianOf(forks, LatencyTrial.Measured::backlogGrowthEps);
        List<Histogram> endToEnd = forks.stream().map(LatencyTrial.Measured::histogram).toList();
        Histogram merged = merged(endToEnd);
        ForkPercentiles publish = forks.stream().allMatch(f -> f.publishHistogram() != null) // runs before it have none
                ? ForkPercentiles.of(forks.stream().map(LatencyTrial.Measured::publishHistogram).toList()) : null;
        double[] why = new double[forks.get(0).why().length];
        for (int k = 0; k < why.length; k++) {
            int at = k;
            why[k] = medianOf(forks, f -> f.why()[at]);
        }
        String hlog = String.join(" ", forks.stream().map(LatencyTrial.Measured::hlog).filter(Objects::nonNull).toList());
        return new LatencyRow.Figures(medianOf(forks, LatencyTrial.Measured::achievedEps), ForkPercentiles.of(endToEnd),
                publish, Stats.medianInterval(p50), Stats.medianInterval(p99), unstable, growth,
                growth > 0.01 * row.offeredEps(), merged.getTotalCount(),
                medianOf(forks, LatencyTrial.Measured::peakBacklog), medianOf(forks, LatencyTrial.Measured::backlogBound),
                forks.stream().filter(LatencyTrial.Measured::saturated).count(),
                medianOf(forks, LatencyTrial.Measured::warmupMs),
                forks.stream().filter(f -> SteadyState.STEADY.equals(f.steady())).count(),
                medianOf(forks, LatencyTrial.Measured::idleCpus), medianOf(forks, LatencyTrial.Measured::heapGrowthBytes),
                medianOf(forks, LatencyTrial.Measured::gcCount), medianOf(forks, LatencyTrial.Measured::gcTimeMs),
                medianOf(forks, LatencyTrial.Measured::gcMaxPauseMs),
                medianOf(forks, LatencyTrial.Measured::allocBytesPerEvent),
                medianOf(forks, LatencyTrial.Measured::cpuNsPerEvent), why,
                write(runDir, "hgrm/" + key + ".hgrm", merged), hlog);
    }

    /** {@code ok} when every fork is ok, else the first fork's status that is not ({@link Forks#status}). */
    private static Status status(List<LatencyTrial> forks) {
        return forks.stream().map(LatencyTrial::status).filter(s -> !s.isOk()).findFirst().orElse(Status.ok());
    }

    /** The median over forks of one figure, a fork without it NaN ({@link Forks#median}). */
    private static double median(List<LatencyTrial> forks, ToDoubleFunction<LatencyTrial> figure) {
        return Stats.median(forks.stream().mapToDouble(figure).toArray());
    }

    private static double medianOf(List<LatencyTrial.Measured> forks, ToDoubleFunction<LatencyTrial.Measured> figure) {
        return Stats.median(forks.stream().mapToDouble(figure).toArray());
    }

    /** The forks' histograms merged, those a fork does not carry left out ({@link Forks#merged}). */
    private static Histogram merged(List<Histogram> forks) {
        Histogram h = Histograms.newNanos();
        forks.stream().filter(Objects::nonNull).forEach(h::add);
        return h;
    }

    private static String write(Path runDir, String file, Histogram h) {
        AtomicFiles.write(runDir.resolve(file), Histograms.percentileText(h));
        return file;
    }
}
