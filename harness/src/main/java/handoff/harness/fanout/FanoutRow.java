package handoff.harness.fanout;

import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;

/**
 * One row of {@code fanout.csv}, typed: a part ({@link ScenarioVariant}) over one transport, its configuration
 * ({@link Config}), its status and, where it is ok, what its forks measured ({@link Figures}) and how it compares with
 * abq's row ({@link Versus}). Built by {@link FanoutRows#fold}; its cells are {@link FanoutCsv#TABLE}'s.
 *
 * @param config  null on an {@code n/a} row (a transport that cannot run the suite: no trial)
 * @param figures null unless {@code status} is ok
 * @param versus  null where the row or its abq baseline has no figures
 */
record FanoutRow(ScenarioVariant part, String transport, Config config, Status status, Figures figures, Versus versus) {

    /**
     * A configuration's facts for one part, as its first trial records them (parsed once).
     *
     * @param unit    what one op is: {@code dispatch} or {@code event}
     * @param cpus    the CPUs the trial ran on; null where the trial does not say
     * @param runtime the runtime cells of the configuration's first trial
     */
    record Config(String waitStrategy, int producers, int consumers, String unit, int threads, boolean oversubscribed,
                  int forks, Integer cpus, RuntimeCells runtime) {
    }

    /**
     * What an ok row's forks measured: medians over forks of each fork's figure.
     *
     * @param throughputOps median over forks of each fork's median measured run, with its interval and real coverage
     * @param unstable      forks disagree by more than 2× on throughput (broker: or on p99)
     * @param warm          the warm-up check over each fork's measured runs; null where nothing was tested
     * @param latency       the broker's open-loop run; null for a topology
     */
    record Figures(double throughputOps, double throughputLo, double throughputHi, double intervalLevel,
                   double allocBytesPerOp, double cpuNsPerOp, double gcCount, double gcTimeMs, boolean unstable,
                   WarmTrend.Result warm, Latency latency) {
    }

    /**
     * The broker's open-loop run over forks: dispatch latency from each event's intended publish time.
     *
     * @param loadPct the offer as % of the part's saturation in the same JVM; null where the trial does not say
     * @param p99Ns   median over forks of each fork's p99, with its interval
     * @param maxNs   the largest over forks
     * @param samples dispatches in the forks' merged histogram
     * @param hgrm    the merged histogram's file in the run folder
     */
    record Latency(Integer loadPct, double offeredOps, double p50Ns, double p99Ns, double p99LoNs, double p99HiNs,
                   double maxNs, long samples, String hgrm) {
    }

    /**
     * The row against abq's row of the same scenario: the ratio of throughputs from forks paired by fork number, its
     * interval, and (not on abq's own row, where the ratio is 1) the verdict and its Holm-adjusted p.
     *
     * @param p       Holm over the table; NaN on abq's own row
     * @param verdict empty on abq's own row
     */
    record Versus(double ratio, double lo, double hi, double p, String verdict) {
    }
}
