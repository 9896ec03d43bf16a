package handoff.harness.rtt;

import handoff.harness.stats.Stats;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;

import java.util.Arrays;

/**
 * One row of {@code rtt.csv}, typed: a configuration over its forks ({@link Setup}), its status, and where it is ok
 * what its forks measured ({@link Figures}). Built by {@link RttRows#fold}; its cells are {@link RttCsv#TABLE}'s.
 *
 * @param idlePolicy what the row's wait does on its send path; null on the clock row
 * @param figures    null unless {@code status} is ok
 */
record RttRow(Setup setup, String idlePolicy, Status status, Figures figures) {

    /**
     * A configuration as its first fork records it (a value it does not record is null: an empty cell), and what
     * every fork says together.
     *
     * @param producerModel  {@code sp} or {@code mp} for a ring; null for every other transport
     * @param messages       {@code pooled} or {@code allocated}; null on the clock row
     * @param jvmSettings    the published harness's settings the JVM ran with ("" for the study's own)
     * @param oversubscribed whether any fork ran more threads than CPUs
     * @param forks          how many forks the row folds
     */
    record Setup(String transport, Integer producers, Integer burst, String waitStrategy, String producerModel,
                 String messages, String jvmSettings, boolean oversubscribed, int forks, Integer threads, Integer cpus,
                 String pinning, RuntimeCells runtime) {
    }

    /**
     * What an ok row's forks measured. Percentiles and the mean are medians over forks of each fork's own (every fork
     * weighs the same); the merged histogram of all samples is only the {@code hgrm} artefact.
     *
     * @param p50         the median over forks of each fork's p50, with its distribution-free interval
     * @param p50Forks    each fork's p50, fork order; like {@code p99Forks}
     * @param maxNs       the largest over forks
     * @param samples     round trips of all forks
     * @param usage       each resource figure's median over forks
     * @param bimodal     {@code true}, {@code false} or {@code untestable} ({@link Stats#bimodality})
     * @param modes       the two clusters' centres of the per-fork p50s; null when they do not split
     * @param unstable    the per-fork p50s disagree by more than 2×
     * @param hgrm        the merged histogram's path in the run folder
     * @param hlog        the forks' interval logs' paths, space-separated
     */
    record Figures(double meanNs, Stats.Interval p50, double p90Ns, double p99Ns, double p999Ns, double maxNs,
                   double[] p50Forks, double[] p99Forks, long samples, RttTrial.Usage usage, String bimodal,
                   double[] modes, boolean unstable, String hgrm, String hlog) {

        /** The smallest of the forks' p99s. */
        double p99ForkMin() {
            return Arrays.stream(p99Forks).min().orElse(Double.NaN);
        }

        /** The largest of the forks' p99s. */
        double p99ForkMax() {
            return Arrays.stream(p99Forks).max().orElse(Double.NaN);
        }
    }
}
