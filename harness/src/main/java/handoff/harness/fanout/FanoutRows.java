package handoff.harness.fanout;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Histograms;
import handoff.harness.results.TrialProperties;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Stats;
import handoff.harness.stats.Verdicts;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Status;
import handoff.queues.Transports;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Folds fan-out trials into the typed rows of {@code fanout.csv}: one row per configuration × part over the
 * configuration's forks, each fork's part parsed once ({@link PartResult}). Throughput is the median over forks of each
 * fork's median run, with {@link Stats#medianInterval}; p99 likewise over each fork's open-loop run. Each row is then
 * set against {@code abq}'s row of the same scenario (the broker: its {@code per-subscriber} row) as a ratio of
 * throughputs paired by fork number, Holm over the file; the transports that cannot run the suite get one {@code n/a}
 * row per scenario.
 */
final class FanoutRows {
    /** A part folded before its comparison with abq, and its per-fork throughputs (null unless ok). */
    private record Folded(FanoutRow row, double[] rates) {
    }

    private FanoutRows() {
    }

    /** The rows of the trials (each a fork's properties, plan order), configuration by configuration. */
    static List<FanoutRow> fold(List<TrialProperties> trials, Path runDir) {
        List<Folded> all = new ArrayList<>();
        Set<String> na = new LinkedHashSet<>();
        for (List<TrialProperties> group : Forks.group(trials)) {
            List<FanoutTrial> forks = group.stream().map(FanoutTrial::of)
                    .sorted(Comparator.comparingInt(FanoutTrial::fork)).toList();
            na.addAll(forks.get(0).notApplicable());
            for (ScenarioVariant p : forks.get(0).parts().keySet()) {
                all.add(part(forks, p, runDir));
            }
        }
        List<FanoutRow> rows = new ArrayList<>();
        List<Integer> tested = new ArrayList<>();
        List<Comparison> tests = new ArrayList<>();
        for (Folded f : all) {
            Folded base = abq(all, f.row());
            FanoutRow.Versus versus = null;
            if (base != null && f.rates() != null && base.rates() != null) {
                if (f == base) {
                    versus = new FanoutRow.Versus(1, 1, 1, Double.NaN, "");
                } else {
                    // forks of a row and its abq baseline ran interleaved: paired log-ratios
                    Comparison c = Stats.pairedTest(f.rates(), base.rates());
                    versus = new FanoutRow.Versus(c.ratio(), c.lo(), c.hi(), Double.NaN, "");
                    tested.add(rows.size());
                    tests.add(c);
                }
            }
            rows.add(with(f.row(), versus));
        }
        Verdicts verdicts = Verdicts.holm(tests); // Holm over the file
        for (int i = 0; i < tests.size(); i++) {
            FanoutRow r = rows.get(tested.get(i));
            FanoutRow.Versus v = r.versus();
            rows.set(tested.get(i), with(r, new FanoutRow.Versus(v.ratio(), v.lo(), v.hi(), verdicts.adjusted()[i],
                    verdicts.word(i, "faster", "slower"))));
        }
        for (String id : na) {
            for (String scenario : List.of(ScenarioVariant.BROKER, Topologies.MULTICAST, Topologies.DIAMOND)) {
                ScenarioVariant part = new ScenarioVariant(scenario,
                        scenario.equals(ScenarioVariant.BROKER) ? Broker.Variant.PER_SUBSCRIBER.id : "hop-per-arc");
                rows.add(new FanoutRow(part, id, null,
                        Status.notApplicable(FanoutSuite.whyNot(Transports.get(id))), null, null));
            }
        }
        return rows;
    }

    private static FanoutRow with(FanoutRow r, FanoutRow.Versus versus) {
        return new FanoutRow(r.part(), r.transport(), r.config(), r.status(), r.figures(), versus);
    }

    /** abq's row of the same scenario (broker: per-subscriber), the same wait where it ran one, else any. */
    private static Folded abq(List<Folded> all, FanoutRow row) {
        Folded any = null;
        for (Folded f : all) {
            FanoutRow r = f.row();
            boolean same = r.transport().equals("abq") && r.part().scenario().equals(row.part().scenario())
                    && (!row.part().broker() || r.part().variant().equals(Broker.Variant.PER_SUBSCRIBER.id));
            if (same && r.config().waitStrategy().equals(row.config().waitStrategy())) {
                return f;
            }
            any = same && any == null ? f : any;
        }
        return any;
    }

    private static Folded part(List<FanoutTrial> forks, ScenarioVariant part, Path runDir) {
        FanoutTrial first = forks.get(0);
        int producers = part.broker() ? first.producers() : 1;
        int threads = part.threads(producers);
        int cpus = first.cpus() == null ? 0 : first.cpus();
        FanoutRow.Config config = new FanoutRow.Config(first.waitStrategy(), producers,
                part.broker() ? Workload.TYPES * Workload.PER_TYPE : Topologies.CONSUMERS, part.unit(), threads,
                cpus > 0 && threads > cpus, forks.size(), first.cpus(), first.runtime());
        List<PartResult> runs = forks.stream().map(f -> f.parts().get(part)).toList();
        Status status = runs.stream().map(PartResult::status).filter(s -> !s.isOk()).findFirst().orElse(Status.ok());
        String transport = first.transport();
        if (!status.isOk()) {
            return new Folded(new FanoutRow(part, transport, config, status, null, null), null);
        }
        double[] rates = values(runs, PartResult::throughputOps);
        Stats.Interval tp = Stats.medianInterval(rates);
        boolean unstable = unstable(rates);
        // a warming trend through each fork's measured runs (WarmTrend; higher ops/s = better)
        WarmTrend.Result warm = WarmTrend.test(runs.stream().flatMap(r -> r.runRates().stream()).toList(), true);
        FanoutRow.Latency latency = null;
        if (part.broker()) {
            double[] p99 = values(runs, PartResult::p99Ns);
            Stats.Interval iv = Stats.medianInterval(p99);
            Histogram merged = Histograms.newNanos();
            runs.stream().map(PartResult::histogram).filter(h -> h != null).forEach(merged::add);
            String file = "hgrm/" + first.configKey() + "_" + part.key() + ".hgrm";
            AtomicFiles.write(runDir.resolve(file), Histograms.percentileText(merged));
            latency = new FanoutRow.Latency(first.loadPct(),
                    median(runs, PartResult::offeredOps), median(runs, PartResult::p50Ns), iv.centre(), iv.lo(), iv.hi(),
                    runs.stream().mapToDouble(PartResult::maxNs).max().orElse(Double.NaN), merged.getTotalCount(), file);
            unstable |= unstable(p99);
        }
        FanoutRow.Figures figures = new FanoutRow.Figures(tp.centre(), tp.lo(), tp.hi(), tp.level(),
                median(runs, PartResult::allocBytesPerOp), median(runs, PartResult::cpuNsPerOp), median(runs, PartResult::gcCount),
                median(runs, PartResult::gcTimeMs), unstable, warm, latency);
        return new Folded(new FanoutRow(part, transport, config, status, figures, null), rates);
    }

    private static double[] values(List<PartResult> runs, ToDoubleFunction<PartResult> figure) {
        return runs.stream().mapToDouble(figure).toArray();
    }

    /** The median over forks of one figure (NaN where every fork lacks it). */
    private static double median(List<PartResult> runs, ToDoubleFunction<PartResult> figure) {
        return Stats.median(values(runs, figure));
    }

    /** Whether the forks disagree by more than {@link Forks#UNSTABLE_RATIO}. */
    private static boolean unstable(double[] perFork) {
        return Stats.spreadRatio(perFork) > Forks.UNSTABLE_RATIO;
    }
}
