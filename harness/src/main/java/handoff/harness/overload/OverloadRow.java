package handoff.harness.overload;

import handoff.harness.results.Cells;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;
import handoff.harness.trial.TrialFacts;
import handoff.pipelines.overload.OverloadPolicy;

import java.util.List;
import java.util.Map;

/**
 * One row of {@code overload.csv}, typed: a configuration ({@link Setup}), a policy and a load, the row's status and,
 * where it is ok, what its forks measured ({@link Figures}). Built by {@link OverloadRows#fold}; its cells are
 * {@link OverloadCsv#TABLE}'s.
 *
 * @param loadPct the load as % of the rate basis; null on an {@code n/a} row (a policy the transport cannot express)
 * @param figures null unless {@code status} is ok
 */
record OverloadRow(Setup setup, OverloadPolicy policy, Integer loadPct, Status status, Figures figures) {

    /**
     * A configuration as its first trial records it (parsed once from the trial's properties), and the facts of its
     * forks. A figure the trial does not carry is null (NaN for a rate).
     *
     * @param transport     the transport's id
     * @param rateBasis     what the loads are % of; null where the trial does not say (it failed first)
     * @param saturationEps the rate basis, events/s; NaN where not measured
     * @param status        ok when every fork is ok, else the first fork's status that is not
     */
    record Setup(String transport, Integer producers, String waitStrategy, Integer work, Integer capacity, RateBasis rateBasis,
                 double saturationEps, Long timeoutUs, Status status, int forks, boolean oversubscribed, Integer threads,
                 Integer cpus, String pinning, RuntimeCells runtime) {

        /** The setup of a configuration's forks (their trials' properties, plan order). */
        static Setup of(List<TrialProperties> forks) {
            TrialProperties first = forks.get(0);
            OverloadConfig c = OverloadConfig.of(first);
            OverloadResult r = OverloadResult.CODEC.read(first);
            TrialFacts facts = TrialFacts.of(first);
            OverloadSizing sizing = OverloadSizing.of(first);
            return new Setup(c.transport(), c.producers(), c.waitStrategy(), c.work(),
                    sizing.capacity(), RateBasis.of(r.rateBasis()),
                    r.saturationEps() == null ? Double.NaN : r.saturationEps(),
                    sizing.timeoutUs(), Forks.status(forks),
                    forks.size(), forks.stream().anyMatch(f -> TrialFacts.of(f).isOversubscribed()), facts.threads(),
                    facts.cpus(), facts.pinning(), RuntimeCells.of(first));
        }
    }

    /**
     * What an ok row's forks measured: counts summed over forks, the latency histograms merged, the rest medians over
     * forks (NaN where unknown).
     *
     * @param p50Ns        from the merged histogram, like {@code p99Ns}, {@code p999Ns}, {@code maxNs}: NaN without samples
     * @param p99Censored  whether more than 1 % of the samples are censored (p99 is then a lower bound)
     * @param steady       {@code steady} or {@code not-steady} by majority over forks; "" where no fork says
     * @param backlogBound the most events the pipeline can hold ({@link OverloadRows#backlogBound})
     */
    record Figures(double offeredEps, double offeredAchievedEps, double goodputEps, long offered, long completed,
                   long rejected, long discarded, double rejectedPct, double discardedPct, double behindPct, double p50Ns,
                   double p99Ns, double p999Ns, double maxNs, long samples, long censored, boolean p99Censored,
                   String steady, double warmupMs, double stallP99Ns, double inPublishPct, double peakBacklog,
                   long backlogBound, double heapGrowthBytes, double gcCount, double drainMs) {
        /** Whether the peak backlog stayed within what the pipeline can hold. */
        boolean withinCapacity() {
            return peakBacklog <= backlogBound;
        }
    }
}
