package handoff.harness.latency;

import handoff.harness.stats.Stats;
import handoff.harness.stats.SteadyState;
import handoff.harness.trial.Status;

/**
 * One row of {@code pipeline-latency.csv}, typed: a configuration at one offered load, its forks folded. Built by
 * {@link LatencyRows#fold}; its cells are {@link LatencyCsv#LATENCY}'s.
 *
 * @param setup          the first fork's configuration
 * @param offeredEps     median over forks (NaN where no fork says)
 * @param pacer          the first fork's pacer, null where it does not say
 * @param status         over forks: the first that is not ok
 * @param forks          how many forks the row folds
 * @param oversubscribed some fork ran more threads than the box has CPUs
 * @param figures        null unless {@code status} is ok
 */
record LatencyRow(LatencyTrial.Setup setup, double offeredEps, String pacer, Status status, int forks,
                  boolean oversubscribed, Figures figures) {

    /**
     * What an ok row's forks measured: percentiles folded over forks ({@link ForkPercentiles}), intervals of the
     * per-fork p50 and p99, verdicts over forks, the rest medians over forks (NaN where unknown).
     *
     * @param endToEnd  end-to-end latency
     * @param publish   the publish call; null where some fork did not record it (runs before it)
     * @param p50       the per-fork p50s' median interval (every fork, {@link Stats#medianInterval}); like {@code p99}
     * @param unstable  forks' p99s disagree by more than 2×; null with one fork (unknown)
     * @param overloaded the backlog grew by more than 1 % of the offered rate (median fork)
     * @param samples   all forks' end-to-end histograms merged
     * @param saturated how many forks saturated; like {@code steady}
     * @param why       {@link handoff.harness.meters.WhyMetrics#COLUMNS}' medians, in that order
     * @param hgrm      the merged end-to-end histogram's path in the run folder
     * @param hlog      the forks' interval logs' paths, space-separated
     */
    record Figures(double achievedEps, ForkPercentiles endToEnd, ForkPercentiles publish, Stats.Interval p50,
                   Stats.Interval p99, Boolean unstable, double backlogGrowthEps, boolean overloaded, long samples,
                   double peakBacklog, double backlogBound, long saturated, double warmupMs, long steady,
                   double idleCpus, double heapGrowthBytes, double gcCount, double gcTimeMs, double gcMaxPauseMs,
                   double allocBytesPerEvent, double cpuNsPerEvent, double[] why, String hgrm, String hlog) {
    }

    /** {@code steady} when more than half the forks are, else {@code not-steady}. */
    String steady() {
        return 2 * figures.steady() > forks ? SteadyState.STEADY
                : SteadyState.NOT_STEADY;
    }
}
