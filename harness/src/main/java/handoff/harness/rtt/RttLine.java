package handoff.harness.rtt;

import handoff.harness.page.TextLine;
import handoff.harness.results.CellCodec;
import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@code rtt.csv} as the report part reads it back: the cells it computes with, parsed once through the
 * file's column table ({@link RttCsv#TABLE}, which upgrades a line of an older format), each component a column of it
 * (a column renamed there fails {@link #CODEC} when this class loads). Texts the report prints as the file holds them
 * stay text; a number the line lacks is NaN.
 *
 * @param forks            the {@code forks} cell as written
 * @param p50ForkMedianNs  the {@code p50_fork_median_ns} cell as written (empty in files from before it)
 * @param p50NsForks       the {@code p50_ns_forks} cell as written
 */
record RttLine(String transport, String producers, String burst, String waitStrategy, String producerModel,
               String messages, String idlePolicy, double meanNs, double p50Ns, double p99Ns, double p999Ns,
               double maxNs, String p50NsForks, double samples, double cpuNsPerOp, double cpuNsPerOpProducers,
               double cpuNsPerOpConsumers, String forks, String p50ForkMedianNs, double p50LoNs, double p50HiNs,
               double intervalLevel, String bimodal, double modeLowNs, double modeHighNs, double p99ForkMinNs,
               double p99ForkMaxNs, String threads, String cpus) {
    static final CellCodec<RttLine> CODEC = RttCsv.TABLE.lines(MethodHandles.lookup(), RttLine.class, "transport",
            "producers", "burst", "wait=waitStrategy", "producer_model", "messages", "idle_policy", "mean_ns", "p50_ns",
            "p99_ns", "p999_ns", "max_ns", "p50_ns_forks", "samples", "cpu_ns_per_op", "cpu_ns_per_op_producers",
            "cpu_ns_per_op_consumers", "forks", "p50_fork_median_ns", "p50_lo_ns", "p50_hi_ns", "interval_level",
            "bimodal", "mode_low_ns", "mode_high_ns", "p99_fork_min_ns", "p99_fork_max_ns", "threads", "cpus");

    /** A line of the report's rows of {@code rtt.csv}. */
    static RttLine of(TextLine row) {
        return RttCsv.TABLE.line(CODEC, row.cells(), row.format());
    }

    /**
     * The row's p50 over forks with its interval: {@code p50_fork_median_ns} where the file has it, else {@code p50_ns}
     * ({@link TextLine#interval(double, double, double, double, double)}).
     */
    Stats.Interval p50() {
        double centre = p50ForkMedianNs.isEmpty() ? p50Ns : Cells.parse(p50ForkMedianNs);
        return TextLine.interval(centre, p50LoNs, p50HiNs, forkCount(), intervalLevel);
    }

    /** Each fork's p50, fork order; null where the file has none. */
    double[] p50Forks() {
        return TextLine.perFork(p50NsForks);
    }

    /** {@link #forks} as a number; NaN where empty. */
    double forkCount() {
        return Cells.parse(forks);
    }

    boolean bimodalSplit() {
        return "true".equals(bimodal);
    }
}
