package handoff.harness.overload;

import handoff.harness.results.Histograms;
import handoff.harness.results.TrialProperties;
import handoff.harness.stats.Stats;
import handoff.harness.stats.SteadyState;
import handoff.harness.trial.Forks;
import handoff.harness.trial.Status;
import handoff.pipelines.overload.OverloadPolicy;
import handoff.queues.Transport;
import handoff.queues.Transports;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Folding a trial's runs ({@link PolicyResult}, one per policy and load under the prefix {@code <policy>@<load>.}) into
 * the typed rows of {@code overload.csv}: one row per transport × policy × load (counts summed over forks, latency
 * histograms merged, the rest medians), and one {@code n/a} row with its reason per policy a transport cannot express.
 */
final class OverloadRows {
    private OverloadRows() {
    }

    /** One run's results into the trial's map, under {@code prefix}; a failed run gets its status only. */
    static void put(TrialProperties.Builder out, String prefix, OverloadRun.Result r) {
        PolicyResult.of(r).put(out, prefix);
    }

    /** The rows of the trials (each a fork's properties, plan order), configuration by configuration. */
    static List<OverloadRow> fold(List<TrialProperties> trials) {
        List<OverloadRow> rows = new ArrayList<>();
        for (List<TrialProperties> forks : Forks.group(trials)) {
            OverloadRow.Setup setup = OverloadRow.Setup.of(forks);
            Transport t = Transports.get(setup.transport());
            for (OverloadPolicy policy : OverloadPolicy.values()) {
                String why = policy.unsupported(t);
                if (why != null) {
                    rows.add(new OverloadRow(setup, policy, null, Status.notApplicable(why).cellSafe(), null));
                    continue;
                }
                for (int pct : OverloadSizing.of(forks.get(0)).loadPcts()) {
                    rows.add(row(setup, forks, t, policy, pct));
                }
            }
        }
        return rows;
    }

    private static OverloadRow row(OverloadRow.Setup setup, List<TrialProperties> forks, Transport t,
                                   OverloadPolicy policy, int pct) {
        if (!setup.status().isOk()) {
            return new OverloadRow(setup, policy, pct, setup.status(), null);
        }
        String prefix = policy.id() + "@" + pct + ".";
        List<PolicyResult> runs = forks.stream().map(f -> PolicyResult.read(f, prefix)).toList();
        Status status = runs.stream().map(PolicyResult::status).filter(s -> !s.isOk()).findFirst().orElse(Status.ok());
        if (!status.isOk()) {
            return new OverloadRow(setup, policy, pct, status, null);
        }
        List<PolicyResult.Figures> measured = runs.stream().map(PolicyResult::figures).toList();
        long offered = measured.stream().mapToLong(PolicyResult.Figures::offered).sum();
        long completed = measured.stream().mapToLong(PolicyResult.Figures::completed).sum();
        long rejected = measured.stream().mapToLong(PolicyResult.Figures::rejected).sum();
        long discarded = measured.stream().mapToLong(PolicyResult.Figures::discarded).sum();
        long due = measured.stream().mapToLong(PolicyResult.Figures::due).sum();
        double perOffered = Math.max(1, offered);
        Histogram h = Histograms.newNanos();
        measured.stream().map(PolicyResult.Figures::histogram).filter(x -> x != null).forEach(h::add);
        boolean none = h.getTotalCount() == 0;
        long censored = measured.stream().mapToLong(PolicyResult.Figures::censored).sum();
        long steady = measured.stream().filter(r -> SteadyState.STEADY.equals(r.steady())).count();
        String steadyCell = measured.stream().allMatch(r -> r.steady() == null) ? ""
                : 2 * steady > measured.size() ? SteadyState.STEADY : SteadyState.NOT_STEADY;
        return new OverloadRow(setup, policy, pct, status, new OverloadRow.Figures(
                median(measured, PolicyResult.Figures::offeredEps),
                median(measured, PolicyResult.Figures::offeredAchievedEps),
                median(measured, PolicyResult.Figures::goodputEps), offered, completed, rejected, discarded,
                100.0 * rejected / perOffered, 100.0 * discarded / perOffered,
                100.0 * Math.max(0, due - offered) / Math.max(1, due),
                none ? Double.NaN : h.getValueAtPercentile(50), none ? Double.NaN : h.getValueAtPercentile(99),
                none ? Double.NaN : h.getValueAtPercentile(99.9), none ? Double.NaN : h.getMaxValue(),
                h.getTotalCount(), censored,
                // p99 reaches the censored values when more than 1 % of the samples are censored: it is then a lower bound
                censored > 0.01 * h.getTotalCount(), steadyCell,
                median(measured, PolicyResult.Figures::warmupMs), median(measured, PolicyResult.Figures::stallP99Ns),
                median(measured, PolicyResult.Figures::inPublishPct), median(measured, PolicyResult.Figures::peakBacklog),
                backlogBound(t, setup.capacity(), setup.producers()), median(measured, PolicyResult.Figures::heapGrowthBytes),
                median(measured, PolicyResult.Figures::gcCount), median(measured, PolicyResult.Figures::drainMs)));
    }

    /** The median over forks of one figure (NaN where every fork lacks it). */
    private static double median(List<PolicyResult.Figures> runs, ToDoubleFunction<PolicyResult.Figures> figure) {
        return Stats.median(runs.stream().mapToDouble(figure).toArray());
    }

    /**
     * The most events a bounded pipeline can hold: every hop full (one ring of {@code capacity} slots, or one queue
     * or buffer of {@code capacity} per stage) plus one event in each stage's and each producer's hand.
     */
    static long backlogBound(Transport t, int capacity, int producers) {
        int hops = t.preallocated() ? 1 : handoff.pipelines.Pipeline.STAGES;
        return (long) hops * capacity + handoff.pipelines.Pipeline.STAGES + producers;
    }
}
