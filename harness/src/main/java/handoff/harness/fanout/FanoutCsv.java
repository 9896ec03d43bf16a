package handoff.harness.fanout;

import handoff.harness.results.Cells;
import handoff.harness.results.Column;
import handoff.harness.results.ColumnTable;
import handoff.harness.results.CsvFormat;
import handoff.harness.results.Flag;
import handoff.harness.trial.RuntimeCells;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of {@code fanout.csv} ({@link #TABLE}), the one place they are named: its header, writer, registry
 * schema and its lines in results/README.md come from it. And reading the file back for the report part.
 */
public final class FanoutCsv {
    public static final String FILE = "fanout.csv";

    /** The runtime cells of an {@code n/a} row, which has no trial. */
    private static final RuntimeCells NO_RUNTIME = new RuntimeCells(null, null, null, null, null, null, null);

    /** Every column of the file, in file order, with its unit, meaning, cell and schema role. */
    static final ColumnTable<FanoutRow> TABLE = ColumnTable.of(FILE, List.of(
            Column.<FanoutRow>of("scenario", "", "`broker` (published-results §F: `producers` = 4 threads publish events "
                    + "of 5 types into one multi-producer hop of 16,384 slots; one dispatcher thread sends each to the 4 "
                    + "subscribers of its type, `consumers` = 20), `multicast` (1 producer, 3 consumers that each see every "
                    + "event) or `diamond` (1 producer, two consumers in parallel, a third joining both).",
                    r -> r.part().scenario()).key(),
            Column.<FanoutRow>of("variant", "", "for the broker `as-published` (dispatcher → a pool striped by subscriber → "
                    + "the subscriber's own single-thread executor; rings only), `direct` (the dispatcher calls each "
                    + "subscriber; rings only) or `per-subscriber` (the dispatcher hands each dispatch to the subscriber's own "
                    + "thread through the row's transport: a hop of `--capacity` per subscriber); for the topologies `ring` "
                    + "(one ring with dependent processors: `disruptor`, `lmax`) or `hop-per-arc` (a hop per arc; the "
                    + "diamond's join takes both sides' arcs on one hop fed by both side threads). The broker's input hop is "
                    + "always the row's transport.", r -> r.part().variant()).key(),
            Column.<FanoutRow>of("transport", "", "the transport's id.", FanoutRow::transport).key(),
            Column.of("wait", "", "the wait strategy.", config(FanoutRow.Config::waitStrategy)).key(),
            Column.of("producers", "threads", "threads publishing: the broker's (4), a topology's 1.",
                    config(c -> Integer.toString(c.producers()))),
            Column.of("consumers", "threads", "threads taking ops: the broker's subscribers (5 types × 4), a topology's "
                    + "3 consumers.", config(c -> Integer.toString(c.consumers()))),
            Column.of("unit", "", "what one op is: `dispatch` (broker: one event to one subscriber; an event makes 4) or "
                    + "`event`.", config(FanoutRow.Config::unit)),
            spread(Column.of("throughput_ops", "ops/s", "the median over forks of each fork's median measured run (a run "
                    + "is timed from the producers' release until the last subscriber or consumer has taken its last op).",
                    figure(f -> Cells.format(f.throughputOps()))).higher("fan-out throughput"), "throughput_lo", "throughput_hi"),
            Column.of("throughput_lo", "ops/s", "the low end of `throughput_ops`'s interval, real coverage "
                    + "`interval_level`.", figure(f -> Cells.format(f.throughputLo()))),
            Column.of("throughput_hi", "ops/s", "its high end.", figure(f -> Cells.format(f.throughputHi()))),
            Column.of("interval_level", "", "the real coverage of the row's intervals (see the column conventions).",
                    figure(f -> Cells.format(f.intervalLevel()))),
            Column.of("ratio_abq", "", "this row's throughput over `abq`'s (same scenario; broker: `per-subscriber` over "
                    + "abq), from forks paired by fork number; 1 on abq's own row.", versus(v -> Cells.format(v.ratio()))),
            Column.of("ratio_abq_lo", "", "the low end of `ratio_abq`'s interval.",
                    versus(v -> Cells.format(v.lo()))),
            Column.of("ratio_abq_hi", "", "its high end.", versus(v -> Cells.format(v.hi()))),
            Column.of("ratio_abq_p", "", "the Holm-adjusted p-value of the paired test of `ratio_abq` (Holm over the "
                    + "file's compared rows; see the column conventions); empty on abq's own row.",
                    versus(v -> Cells.format(v.p()))),
            Column.of("vs_abq", "", "`faster`, `slower`, `no significant difference`, `unknown (1 fork)`, empty on abq's "
                    + "own row; each with its test and level, and since the paired test also `alike: …` or `cannot tell …` "
                    + "(see the column conventions).", versus(FanoutRow.Versus::verdict)),
            Column.of("alloc_bytes_per_op", "bytes", "allocated per op by the trial threads (producers, dispatcher, pool, "
                    + "executors, hop consumers; the rings' topology processors are not trial threads and are not "
                    + "counted), over the measured runs of the median fork.", figure(f -> Cells.format(f.allocBytesPerOp()))),
            Column.of("cpu_ns_per_op", "ns", "the trial threads' CPU per op, the rings' topology processors included (see "
                    + "the resource columns under `rtt.csv`), over the measured runs of the median fork.",
                    figure(f -> Cells.format(f.cpuNsPerOp()))),
            Column.of("gc_count", "pauses", "GC pauses (see the resource columns under `rtt.csv`) over the measured runs "
                    + "of the median fork.", figure(f -> Cells.format(f.gcCount()))),
            Column.of("gc_time_ms", "ms", "their total time, over the measured runs of the median fork.",
                    figure(f -> Cells.format(f.gcTimeMs()))),
            Column.of("load_pct", "%", "broker rows only, like the columns up to `samples` and `hgrm`: the open-loop "
                    + "offer as % of the same JVM's measured saturation.",
                    latency(l -> l.loadPct() == null ? "" : Integer.toString(l.loadPct()))),
            Column.of("offered_ops", "dispatches/s", "dispatches/s offered open loop, `load_pct` % of the same JVM's "
                    + "measured saturation (median over forks).", latency(l -> Cells.format(l.offeredOps()))),
            Column.of("p50_ns", "ns", "dispatch latency from each event's intended publish time to the moment its "
                    + "subscriber took it, every dispatch of the open-loop run: median over forks of each fork's p50.",
                    latency(l -> Cells.format(l.p50Ns()))),
            spread(Column.of("p99_ns", "ns", "its p99, median over forks.", latency(l -> Cells.format(l.p99Ns())))
                    .lower("fan-out dispatch p99"), "p99_lo_ns", "p99_hi_ns"),
            Column.of("p99_lo_ns", "ns", "the low end of `p99_ns`'s interval.",
                    latency(l -> Cells.format(l.p99LoNs()))),
            Column.of("p99_hi_ns", "ns", "its high end.", latency(l -> Cells.format(l.p99HiNs()))),
            Column.of("max_ns", "ns", "the largest over forks.", latency(l -> Cells.format(l.maxNs()))),
            Column.of("samples", "dispatches", "the dispatches of the forks' open-loop runs.",
                    latency(l -> Long.toString(l.samples()))),
            Column.<FanoutRow>of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                    r -> r.status().render()),
            Column.of("oversubscribed", "", "`threads` > `cpus`.",
                    config(c -> Boolean.toString(c.oversubscribed()))).flag(Flag.OVERSUBSCRIBED),
            Column.of("unstable", "", "forks disagree by more than 2× on `throughput_ops` (broker rows: or on `p99_ns`).",
                    figure(f -> Boolean.toString(f.unstable()))).flag(Flag.UNSTABLE),
            Column.of("warm_trend_p", "", "the warm-up check's p over each fork's measured runs (see the warm-up check).",
                    figure(f -> f.warm() == null ? "" : Cells.format(f.warm().p()))),
            Column.of("not_warm", "", "`true` where `warm_trend_p` < 0.05, `unknown` where the runs are too few for the "
                    + "test ever to reach it, empty where nothing was tested (see the warm-up check).",
                    figure(f -> f.warm() == null ? "" : f.warm().flag())).flag(Flag.NOT_WARM),
            Column.of("forks", "JVMs", "how many JVMs the row folds.", config(c -> Integer.toString(c.forks()))),
            Column.of("threads", "threads", "broker producers + 23 (`as-published`), + 1 (`direct`), + 21 "
                    + "(`per-subscriber`); topologies 4.", config(c -> Integer.toString(c.threads()))),
            Column.of("cpus", "CPUs", "the CPUs the trial ran on.",
                    config(c -> c.cpus() == null ? "" : Integer.toString(c.cpus()))),
            Column.of("hgrm", "", "the forks' merged dispatch latency histogram, a file in the run folder (see `hgrm` and "
                    + "`hlog` paths).", latency(FanoutRow.Latency::hgrm))))
            .plus(RuntimeCells.<FanoutRow>columns(r -> r.config() == null ? NO_RUNTIME : r.config().runtime()));

    private FanoutCsv() {
    }

    /** A cell of the row's configuration; empty on an {@code n/a} row. */
    private static Function<FanoutRow, String> config(Function<FanoutRow.Config, String> cell) {
        return r -> r.config() == null ? "" : cell.apply(r.config());
    }

    /** A cell of an ok row's figures; empty on a row without them. */
    private static Function<FanoutRow, String> figure(Function<FanoutRow.Figures, String> cell) {
        return r -> r.figures() == null ? "" : cell.apply(r.figures());
    }

    /** A cell of a broker row's open-loop run; empty on a row without one. */
    private static Function<FanoutRow, String> latency(Function<FanoutRow.Latency, String> cell) {
        return figure(f -> f.latency() == null ? "" : cell.apply(f.latency()));
    }

    /** A cell of the row's comparison with abq; empty where it has none. */
    private static Function<FanoutRow, String> versus(Function<FanoutRow.Versus, String> cell) {
        return r -> r.versus() == null ? "" : cell.apply(r.versus());
    }

    /** A metric column whose interval is in the columns {@code lo} and {@code hi}. */
    private static Column<FanoutRow> spread(Column<FanoutRow> metric, String lo, String hi) {
        Column.Role.Measured m = (Column.Role.Measured) metric.role();
        return new Column<>(metric.name(), metric.unit(), metric.meaning(), metric.cell(),
                new Column.Role.Measured(m.metric().spread(lo, hi)), metric.optional());
    }

    /**
     * The rows of {@code <run>/fanout.csv} as the report reads them; empty when the suite did not run. Read leniently
     * (not through {@link ColumnTable#read}): a file of an older run may lack a column, whose cells are then missing.
     */
    static List<FanoutLine> read(Path runDir) throws IOException {
        Path f = runDir.resolve(FILE);
        return Files.isRegularFile(f)
                ? CsvFormat.parse(Files.readString(f, StandardCharsets.UTF_8)).stream().map(FanoutLine::of).toList()
                : List.of();
    }
}
