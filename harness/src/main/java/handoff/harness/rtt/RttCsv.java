package handoff.harness.rtt;

import handoff.harness.results.Cells;
import handoff.harness.results.Column;
import handoff.harness.results.ColumnTable;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;

import java.util.List;
import java.util.function.Function;

/**
 * The columns of {@code rtt.csv} ({@link #TABLE}), the one place they are named: its header, writer, registry schema
 * and its lines in results/README.md come from it. The report part ({@link RttParts}) reads the file back as the
 * report's rows.
 */
public final class RttCsv {
    public static final String FILE = RttParts.FILE;

    /** Every column of the file, in file order, with its unit, meaning, cell and schema role. */
    static final ColumnTable<RttRow> TABLE = ColumnTable.of(FILE, List.of(
            Column.<RttRow>of("transport", "", "the transport's id; `nanotime` for the timing-overhead row (the two "
                    + "`System.nanoTime()` calls that bracket every sample).", r -> text(r.setup().transport())).key(),
            Column.<RttRow>of("producers", "threads", "producer threads (P), each sending bursts and waiting for their "
                    + "replies.", r -> integer(r.setup().producers())).key(),
            Column.<RttRow>of("burst", "messages", "messages a producer sends before it waits for the reply to the last "
                    + "(one sample = the burst's first send to that reply).", r -> integer(r.setup().burst())).key(),
            Column.<RttRow>of("wait", "", "the wait strategy of the send path (the consumer's wait, and a producer waiting "
                    + "for room; the reply path is the same for every row); `n/a` on the `nanotime` row.",
                    r -> text(r.setup().waitStrategy())).key(),
            Column.<RttRow>of("producer_model", "", "`sp` (single-producer claim) or `mp` (multi-producer, CAS) for the "
                    + "rings (`disruptor`, `lmax`), which run at P = 1 once each way and `mp` above it; empty for every "
                    + "other transport.", r -> text(r.setup().producerModel())).key(),
            Column.<RttRow>of("messages", "", "`pooled` (pre-made immutable messages passed by reference; the default, as "
                    + "in the published harness) or `allocated` (a new message per send), from `--rtt-messages`. It "
                    + "changes only the transports that pass references; rings and the framed transports (`mtorb`, "
                    + "`otorb`, `aeron-ipc`) never allocate per message. Empty on the `nanotime` row.",
                    r -> text(r.setup().messages())).key(),
            Column.<RttRow>of("idle_policy", "", "what the row's `wait` does on its send path (see \"Idle policy\" below).",
                    r -> text(r.idlePolicy())),
            Column.<RttRow>of("jvm_settings", "", "the published RTT harness's settings the trial JVM ran with, "
                    + "space-separated; empty for the study's own. The rows set beside the published tables (`mtorb`, "
                    + "`otorb`, `aeron-ipc`) run as that harness does: `-Dagrona.disable.bounds.checks=true` and "
                    + "`-XX:+UseParallelGC` (a swept `--gc` wins over ParallelGC); every other row keeps bounds checks and "
                    + "G1. The manifest's `transport_traits` lists them per transport (`rtt_jvm_flags`).",
                    r -> text(r.setup().jvmSettings())),
            Column.of("mean_ns", "ns", "median over forks of each fork's mean round trip (every fork weighs the same; the "
                    + "merged histogram of all samples is only the `hgrm` artefact).", figure(f -> Cells.format(f.meanNs())))
                    .lower("RTT mean"),
            Column.of("p50_ns", "ns", "median over forks of each fork's p50 (= `p50_fork_median_ns`).",
                    figure(f -> Cells.format(f.p50().centre()))).lower("RTT p50"),
            Column.of("p90_ns", "ns", "median over forks of each fork's p90.", figure(f -> Cells.format(f.p90Ns()))),
            Column.of("p99_ns", "ns", "median over forks of each fork's p99.", figure(f -> Cells.format(f.p99Ns())))
                    .lower("RTT p99"),
            Column.of("p999_ns", "ns", "median over forks of each fork's p99.9.", figure(f -> Cells.format(f.p999Ns()))),
            Column.of("max_ns", "ns", "the largest over forks.", figure(f -> Cells.format(f.maxNs()))),
            Column.of("p50_ns_forks", "ns", "each fork's p50, `;`-separated in fork order (the report's tests read them).",
                    figure(f -> Forks.joined(f.p50Forks()))),
            Column.of("p99_ns_forks", "ns", "each fork's p99, likewise.", figure(f -> Forks.joined(f.p99Forks()))),
            Column.of("samples", "round trips", "how many samples all forks' histograms hold, merged (also in `hgrm`).",
                    figure(f -> Long.toString(f.samples()))),
            Column.<RttRow>of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                    r -> r.status().render()),
            Column.of("gc_count", "pauses", "the stop-the-world GC pauses in the window (see the resource columns below), "
                    + "median over forks.", usage(u -> Cells.format(u.gcCount()))),
            Column.of("gc_time_ms", "ms", "their total, median over forks.", usage(u -> Cells.format(u.gcTimeMs()))),
            Column.of("gc_max_pause_ms", "ms", "the longest of them, median over forks.",
                    usage(u -> Cells.format(u.gcMaxPauseMs()))),
            Column.of("alloc_bytes_per_op", "bytes", "bytes allocated per message by the trial's threads, median over "
                    + "forks.", usage(u -> Cells.format(u.allocBytesPerOp()))),
            Column.of("cpu_ns_per_op", "ns", "CPU time of the trial's own threads per message (see the resource columns "
                    + "below), median over forks.", usage(u -> Cells.format(u.cpuNsPerOp()))),
            Column.of("vcsw_per_op", "", "voluntary context switches of the trial's threads per message (see "
                    + "\"Why-metrics\"), median over forks.", usage(u -> Cells.format(u.vcswPerOp()))),
            Column.of("ivcsw_per_op", "", "involuntary ones, likewise.", usage(u -> Cells.format(u.ivcswPerOp()))),
            Column.of("cpu_ns_per_op_producers", "ns", "the producers' share of `cpu_ns_per_op` (see \"Why-metrics\"), "
                    + "median over forks.", usage(u -> Cells.format(u.cpuNsPerOpProducers()))),
            Column.of("cpu_ns_per_op_consumers", "ns", "the consumer's share, likewise.",
                    usage(u -> Cells.format(u.cpuNsPerOpConsumers()))),
            Column.of("safepoint_ms", "ms", "the JVM's safepoint time in the window (see \"Why-metrics\"), median over "
                    + "forks.", usage(u -> Cells.format(u.safepointMs()))),
            Column.<RttRow>of("oversubscribed", "", "a fork ran more threads than the box has CPUs (see the column "
                    + "conventions).", r -> Boolean.toString(r.setup().oversubscribed())).flag(Flag.OVERSUBSCRIBED),
            Column.<RttRow>of("forks", "JVMs", "how many JVMs the row folds.", r -> Integer.toString(r.setup().forks())),
            Column.of("p50_fork_median_ns", "ns", "the median over forks of each fork's p50.",
                    figure(f -> Cells.format(f.p50().centre()))),
            Column.of("p50_lo_ns", "ns", "low end of its distribution-free interval (order statistics).",
                    figure(f -> Cells.format(f.p50().lo()))),
            Column.of("p50_hi_ns", "ns", "its high end.", figure(f -> Cells.format(f.p50().hi()))),
            Column.of("interval_level", "", "the coverage that interval really has, as a fraction (below 0.95 with fewer "
                    + "than 6 forks, where it is the whole min..max range; e.g. 0.9688 for 6 forks).",
                    figure(f -> Cells.format(f.p50().level()))),
            Column.of("bimodal", "", "`true` when the per-fork p50s split into two clusters (a gap of at least 1.5× "
                    + "between them, wider than the spread inside either, at least two forks on each side), `false` when "
                    + "they do not, `untestable` with fewer than 4 forks.", figure(RttRow.Figures::bimodal)),
            Column.of("mode_low_ns", "ns", "the lower cluster's centre (median), empty when not bimodal.",
                    figure(f -> f.modes() == null ? "" : Cells.format(f.modes()[0]))),
            Column.of("mode_high_ns", "ns", "the higher cluster's centre, likewise.",
                    figure(f -> f.modes() == null ? "" : Cells.format(f.modes()[1]))),
            Column.of("p99_fork_min_ns", "ns", "the smallest of the forks' p99s (the spread of `p99_ns`).",
                    figure(f -> Cells.format(f.p99ForkMin()))),
            Column.of("p99_fork_max_ns", "ns", "the largest of them.", figure(f -> Cells.format(f.p99ForkMax()))),
            Column.of("unstable", "", "the per-fork p50s disagree by more than 2× (the p99s' spread is in "
                    + "`p99_fork_min_ns`..`p99_fork_max_ns`, not judged).", figure(f -> Boolean.toString(f.unstable())))
                    .flag(Flag.UNSTABLE),
            Column.<RttRow>of("threads", "threads", "the trial's threads: P producers and one consumer (`null`: P, no "
                    + "consumer; `nanotime`: 1).", r -> integer(r.setup().threads())),
            Column.<RttRow>of("cpus", "CPUs", "the CPUs the trial ran on.", r -> integer(r.setup().cpus())),
            Column.<RttRow>of("pinning", "", "how the trial's threads were placed on CPUs.", r -> text(r.setup().pinning())),
            Column.of("hgrm", "", "the path of all forks' histograms merged, relative to the run folder.",
                    figure(RttRow.Figures::hgrm)),
            Column.of("hlog", "", "the forks' interval logs (`hlog/<trial-key>.hlog`), space-separated.",
                    figure(RttRow.Figures::hlog))))
            .plus(RuntimeCells.<RttRow>columns(r -> r.setup().runtime()))
            // format 2: the idle policy, the published harness's settings and the forks' own p50s and p99s
            .added("idle_policy", "jvm_settings", "p50_ns_forks", "p99_ns_forks");

    /**
     * The registry's view of the file: {@link #TABLE}'s, named by transport, producers, burst and wait and matched
     * across runs on those and {@code producer_model}, {@code messages} (rings run sp and mp at P = 1); its metrics
     * p50 (the headline) first, then p99 with the forks' range as its spread, then the mean, as the suite has always
     * declared them (the file holds the mean first).
     */
    static CsvSchema schema() {
        CsvSchema s = TABLE.schema();
        List<Metric> metrics = List.of(metric(s, "p50_ns").spread("p50_lo_ns", "p50_hi_ns"),
                metric(s, "p99_ns").spread("p99_fork_min_ns", "p99_fork_max_ns"), metric(s, "mean_ns"));
        return new CsvSchema(s.file(), s.match().subList(0, 4), s.match(), metrics, s.flags(), s.format(), s.columns());
    }

    private static Metric metric(CsvSchema s, String column) {
        return s.metrics().stream().filter(m -> m.column().equals(column)).findFirst().orElseThrow();
    }

    private RttCsv() {
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    private static String integer(Integer i) {
        return i == null ? "" : Integer.toString(i);
    }

    /** A cell of an ok row's figures; empty on a row without them. */
    private static Function<RttRow, String> figure(Function<RttRow.Figures, String> cell) {
        return r -> r.figures() == null ? "" : cell.apply(r.figures());
    }

    /** A cell of an ok row's resource medians; empty on a row without them. */
    private static Function<RttRow, String> usage(Function<RttTrial.Usage, String> cell) {
        return figure(f -> cell.apply(f.usage()));
    }
}
