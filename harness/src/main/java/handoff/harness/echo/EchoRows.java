package handoff.harness.echo;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Histograms;
import handoff.harness.results.TrialProperties;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Stats;
import handoff.harness.stats.SteadyState;
import handoff.harness.stats.Verdicts;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import handoff.harness.trial.TrialFacts;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Folds echo trials ({@link PartResult}: each fork's part parsed once) into the typed rows of {@code echo.csv}
 * ({@link EchoRow}): one row per configuration × part (closed loop at N clients, open
 * loop at L %), over the configuration's forks. Latency centres are medians over forks of each fork's
 * percentile, with {@link Stats#medianInterval} for p50 and p99; max is the max over forks. Each row is then
 * set against {@code inline}'s row of the same client count (closed loop only: an open-loop part offers a
 * fraction of its own JVM's maximum, so its rate differs between variants): differences of the medians, and the ratio of p50s from
 * forks paired by fork number (forks run interleaved, so each pair shared the box's state of the moment).
 */
final class EchoRows {
    private EchoRows() {
    }

    /** The rows of the trials (each a fork's properties, plan order), configuration by configuration, part by part. */
    static List<EchoRow> fold(List<TrialProperties> trials, Path runDir) {
        List<EchoRow> all = new ArrayList<>();
        for (List<TrialProperties> forks : Forks.group(trials)) {
            List<TrialProperties> sorted = new ArrayList<>(forks);
            sorted.sort(Comparator.comparingInt(f -> EchoSizing.of(f).fork()));
            TrialProperties first = sorted.get(0);
            EchoConfig c = EchoConfig.of(first);
            TrialFacts facts = TrialFacts.of(first);
            EchoRow.Setup setup = new EchoRow.Setup(EchoSuite.variant(c.transport()), c.transport(), c.waitStrategy(),
                    facts.cpus(), facts.pinning(), sorted.size(), facts.configKey(), RuntimeCells.of(first));
            EchoSizing sizing = EchoSizing.of(first);
            for (int n : sizing.clientCounts()) {
                String part = EchoRun.closedPart(n);
                all.add(part(setup, runs(sorted, part), part, EchoRow.CLOSED, n, null, runDir));
            }
            for (int load : sizing.loadPcts()) {
                String part = EchoRun.openPart(load);
                all.add(part(setup, runs(sorted, part), part, EchoRow.OPEN, 1, load, runDir));
            }
        }
        Map<String, EchoRow> inline = new HashMap<>();
        for (EchoRow r : all) {
            if (r.setup().variant().equals(EchoSuite.INLINE) && r.figures() != null) {
                inline.put(partKey(r), r);
            }
        }
        List<Integer> tested = new ArrayList<>();
        List<Comparison> tests = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            EchoRow r = all.get(i);
            EchoRow base = inline.get(partKey(r));
            // open-loop rows are not compared: each JVM offers a fraction of its own closed-loop maximum
            if (base != null && r.figures() != null && r != base && r.mode().equals(EchoRow.CLOSED)) {
                tested.add(i);
                // forks of a row and the inline baseline ran interleaved: paired log-ratios, exact signed-rank test
                tests.add(Stats.pairedTest(r.figures().p50Forks(), base.figures().p50Forks()));
            }
        }
        // p50 ratio above 1 = slower than inline; the table's comparisons are corrected together
        Verdicts verdicts = Verdicts.holm(tests);
        List<EchoRow> rows = new ArrayList<>(all);
        for (int t = 0; t < tested.size(); t++) {
            EchoRow r = all.get(tested.get(t));
            EchoRow.Figures base = inline.get(partKey(r)).figures();
            Comparison c = tests.get(t);
            rows.set(tested.get(t), r.with(new EchoRow.VsInline(r.figures().p50().centre() - base.p50().centre(),
                    r.figures().p99().centre() - base.p99().centre(), c,
                    verdicts.word(t, "slower", "faster"), verdicts.adjusted()[t])));
        }
        return rows;
    }

    /** Each fork's part, fork order. */
    private static List<PartResult> runs(List<TrialProperties> forks, String part) {
        return forks.stream().map(f -> PartResult.read(f, part)).toList();
    }

    private static String partKey(EchoRow r) {
        return r.mode() + "/" + r.clients() + "/" + r.loadPct();
    }

    private static EchoRow part(EchoRow.Setup setup, List<PartResult> runs, String part, String mode, int clients,
                                Integer load, Path runDir) {
        int threads = EchoSuite.serverThreads(setup.transport()) + (mode.equals(EchoRow.OPEN) ? 2 : clients);
        // a part's status over forks: the first that is not ok
        Status status = runs.stream().map(PartResult::status).filter(s -> !s.isOk()).findFirst().orElse(Status.ok());
        long lost = runs.stream().mapToLong(PartResult::lost).sum();
        long duplicated = runs.stream().mapToLong(PartResult::duplicated).sum();
        long corrupted = runs.stream().mapToLong(PartResult::corrupted).sum();
        long misrouted = runs.stream().mapToLong(PartResult::misrouted).sum();
        EchoRow.Figures figures = status.isOk() ? figures(setup, runs, part, mode, runDir) : null;
        return new EchoRow(setup, mode, clients, load, threads, status, lost, duplicated, corrupted, misrouted, figures, null);
    }

    private static EchoRow.Figures figures(EchoRow.Setup setup, List<PartResult> runs, String part, String mode, Path runDir) {
        int n = runs.size();
        double[] p50s = new double[n];
        double[] p99s = new double[n];
        double[] p999s = new double[n];
        double[] maxes = new double[n];
        double[] means = new double[n];
        Histogram merged = Histograms.newNanos();
        for (int i = 0; i < n; i++) {
            Histogram h = runs.get(i).histogram();
            merged.add(h);
            p50s[i] = h.getValueAtPercentile(50);
            p99s[i] = h.getValueAtPercentile(99);
            p999s[i] = h.getValueAtPercentile(99.9);
            maxes[i] = h.getMaxValue();
            means[i] = h.getMean(); // every fork weighs the same; merged stays the hgrm artefact
        }
        EchoRow.Steadiness steadiness = !mode.equals(EchoRow.OPEN) ? null
                : new EchoRow.Steadiness(runs.stream().filter(r -> SteadyState.STEADY.equals(r.steady())).count(), n,
                        median(runs, PartResult::warmupMs));
        String file = "hgrm/" + setup.configKey() + "_" + part + ".hgrm";
        AtomicFiles.write(runDir.resolve(file), Histograms.percentileText(merged));
        return new EchoRow.Figures(median(runs, PartResult::offeredRps), median(runs, PartResult::throughputRps),
                Stats.medianInterval(p50s), Stats.medianInterval(p99s), Stats.median(p999s), maxOf(maxes),
                Stats.median(means), p50s, p99s, merged.getTotalCount(), median(runs, PartResult::cpuNsPerRequest),
                median(runs, PartResult::cpuPct), runs.stream().map(PartResult::cpuPctText).toList(),
                median(runs, PartResult::idleCpuPct), median(runs, PartResult::allocBytesPerRequest),
                median(runs, PartResult::gcCount), median(runs, PartResult::gcTimeMs),
                Stats.spreadRatio(p50s) > Forks.UNSTABLE_RATIO || Stats.spreadRatio(p99s) > Forks.UNSTABLE_RATIO,
                steadiness, file);
    }

    /** The median over forks of one figure (NaN where every fork lacks it). */
    private static double median(List<PartResult> runs, ToDoubleFunction<PartResult> figure) {
        return Stats.median(runs.stream().mapToDouble(figure).toArray());
    }

    private static double maxOf(double[] xs) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : xs) {
            m = Math.max(m, x);
        }
        return m;
    }
}
