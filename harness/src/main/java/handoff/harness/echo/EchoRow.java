package handoff.harness.echo;

import handoff.harness.stats.Comparison;
import handoff.harness.stats.Stats;
import handoff.harness.stats.SteadyState;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;

import java.util.List;

/**
 * One row of {@code echo.csv}, typed: a server configuration ({@link Setup}), one of its parts (closed loop at
 * {@code clients}, or open loop at {@code loadPct}), the row's status and counts of wrong replies, and, where it is ok,
 * what its forks measured ({@link Figures}) and, for a closed-loop row beside {@code inline}'s, how it compares
 * ({@link VsInline}). Built by {@link EchoRows#fold}; its cells are {@link EchoCsv#TABLE}'s.
 *
 * @param mode     {@code closed} or {@code open}
 * @param loadPct  the open-loop load, % of the best closed-loop throughput; null for a closed-loop row
 * @param threads  server threads + client threads
 * @param lost     summed over forks, like {@code duplicated}, {@code corrupted}, {@code misrouted}
 * @param figures  null unless {@code status} is ok
 * @param vsInline null unless the row was set against {@code inline}'s
 */
record EchoRow(Setup setup, String mode, int clients, Integer loadPct, int threads, Status status, long lost,
               long duplicated, long corrupted, long misrouted, Figures figures, VsInline vsInline) {

    static final String CLOSED = "closed";
    static final String OPEN = "open";

    /** Whether the trial ran more threads than the box has CPUs (unknown CPUs: no). */
    boolean oversubscribed() {
        return setup.cpus() != null && setup.cpus() > 0 && threads > setup.cpus();
    }

    /** The same row set against {@code inline}'s. */
    EchoRow with(VsInline vs) {
        return new EchoRow(setup, mode, clients, loadPct, threads, status, lost, duplicated, corrupted, misrouted, figures, vs);
    }

    /**
     * A server configuration as its first trial records it.
     *
     * @param variant   {@code inline}, {@code blocking}, {@code rings} or {@code transport}
     * @param cpus      the CPUs the trial ran on; null where the trial does not say
     * @param forks     how many forks the row folds
     * @param configKey the configuration's key (names its hgrm files)
     */
    record Setup(String variant, String transport, String waitStrategy, Integer cpus, String pinning, int forks,
                 String configKey, RuntimeCells runtime) {
    }

    /**
     * What an ok row's forks measured: latency percentiles per fork folded over forks (median and interval, max of
     * max), the rest medians over forks (NaN where unknown).
     *
     * @param p50         median over forks of each fork's p50, with its interval; like {@code p99}
     * @param p50Forks    each fork's p50, fork order; like {@code p99Forks}
     * @param cpuPctForks each fork's {@code cpu_pct} cell as its trial wrote it, fork order
     * @param samples     all forks' histograms merged
     * @param unstable    forks disagree by more than 2× on p50 or p99
     * @param steadiness  null for a closed-loop row
     * @param hgrm        the merged histogram's path in the run folder
     */
    record Figures(double offeredRps, double throughputRps, Stats.Interval p50, Stats.Interval p99, double p999Ns,
                   double maxNs, double meanNs, double[] p50Forks, double[] p99Forks, long samples, double cpuNsPerRequest,
                   double cpuPct, List<String> cpuPctForks, double idleCpuPct, double allocBytesPerRequest, double gcCount,
                   double gcTimeMs, boolean unstable, Steadiness steadiness, String hgrm) {
    }

    /**
     * An open-loop row's steady state over forks.
     *
     * @param steady   how many forks found a steady part
     * @param warmupMs where it began, median over forks
     */
    record Steadiness(long steady, int forks, double warmupMs) {
        /** {@code steady} when a majority of forks settled (as the latency suite's rows), else {@code not-steady}. */
        String verdict() {
            return 2 * steady > forks ? SteadyState.STEADY : SteadyState.NOT_STEADY;
        }
    }

    /**
     * A closed-loop row against {@code inline}'s at the same client count.
     *
     * @param p50MinusNs this row's p50 minus inline's; like {@code p99MinusNs}
     * @param ratio      the paired test of p50s from forks paired by fork number
     * @param verdict    the words of {@link Comparison#verdict} at {@code p}
     * @param p          the Holm-adjusted p over the file's comparisons
     */
    record VsInline(double p50MinusNs, double p99MinusNs, Comparison ratio, String verdict, double p) {
    }
}
