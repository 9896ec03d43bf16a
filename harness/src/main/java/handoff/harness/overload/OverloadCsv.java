package handoff.harness.overload;

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
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of {@code overload.csv} ({@link #TABLE}), the one place they are named: its header, writer, registry
 * schema and its lines in results/README.md come from it. And reading the file back for the report part.
 */
public final class OverloadCsv {
    public static final String FILE = "overload.csv";

    /** Every column of the file, in file order, with its unit, meaning, cell and schema role. */
    static final ColumnTable<OverloadRow> TABLE = ColumnTable.of(FILE, List.of(
            Column.<OverloadRow>of("transport", "", "the transport's id.", r -> r.setup().transport()).key(),
            Column.<OverloadRow>of("producers", "threads", "producer threads offering events.",
                    r -> text(r.setup().producers())).key(),
            Column.<OverloadRow>of("wait", "", "the wait strategy.", r -> r.setup().waitStrategy()).key(),
            Column.<OverloadRow>of("work", "rounds", "rounds of work per stage and event.", r -> text(r.setup().work())).key(),
            Column.<OverloadRow>of("capacity", "slots", "capacity of every queue and ring.",
                    r -> text(r.setup().capacity())).key(),
            Column.<OverloadRow>of("policy", "", "`block` (wait for room), `timeout` (wait up to `timeout_us`, then reject), "
                    + "`drop-new` (reject when full), `drop-old` (take the oldest event no stage has started back out of the "
                    + "first hop, then retry), `unbounded` (`clq`: never full).", r -> r.policy().id()).key(),
            Column.<OverloadRow>of("load_pct", "%", "% of `saturation_eps`: 80 = the control, 120, 150, 200; `smoke`: 200 only. "
                    + "Empty on an `n/a` row.", r -> r.loadPct() == null ? "" : Integer.toString(r.loadPct())).key(),
            Column.<OverloadRow>of("rate_basis", "", "in the suite's order of preference (issue 40: the basis is what the "
                    + "configuration can carry): `pipeline` = `saturation_eps` is the pipeline suite's median saturation score for "
                    + "the same transport, producers, wait and work (one worker per stage) in this run; `probe` = measured in "
                    + "the trial's JVM first (closed loop, blocking publish, 200 ms warm-up + 300 ms window in `quick`) because "
                    + "the pipeline suite did not run; `sustainable` = fallback where neither exists: the latency suite's "
                    + "sustainable open-loop rate (`pipeline-capacity.csv`), a latency-limited lower bound, so a multiple of it "
                    + "need not overload (the report says so).",
                    r -> r.setup().rateBasis() == null ? "" : r.setup().rateBasis().id()),
            Column.<OverloadRow>of("saturation_eps", "events/s", "the rate `load_pct` is a percentage of (`rate_basis`).",
                    r -> Cells.format(r.setup().saturationEps())),
            Column.of("offered_eps", "events/s", "the open-loop rate.", figure(f -> Cells.format(f.offeredEps()))),
            Column.of("offered_achieved_eps", "events/s", "`offered_eps` × (publish attempts ÷ events due by the window's "
                    + "end), median over forks: the rate the pacer really offered. A parking pacer on oversubscribed CPUs can "
                    + "fall behind its schedule; the report prints achieved against nominal where they differ.",
                    figure(f -> Cells.format(f.offeredAchievedEps()))),
            Column.of("goodput_eps", "events/s", "`offered_eps` × (events due in the window that completed within 100 ms of "
                    + "its end) ÷ (events due in the window): never above `offered_eps`.",
                    figure(f -> Cells.format(f.goodputEps()))).higher("overload goodput"),
            Column.of("offered", "events", "publish attempts.", figure(f -> Long.toString(f.offered()))),
            Column.of("completed", "events", "events the aggregate stage finished.", figure(f -> Long.toString(f.completed()))),
            Column.of("rejected", "events", "refused by the policy.", figure(f -> Long.toString(f.rejected()))),
            Column.of("discarded", "events", "taken back by `drop-old` (counted for the producer that made them).",
                    figure(f -> Long.toString(f.discarded()))),
            Column.of("rejected_pct", "%", "`rejected` as % of `offered`.", figure(f -> Cells.format(f.rejectedPct()))),
            Column.of("discarded_pct", "%", "`discarded` as % of `offered`.", figure(f -> Cells.format(f.discardedPct()))),
            Column.of("behind_pct", "%", "the % of events due in the run that a stalled producer never reached before it was "
                    + "stopped at the end of the window (`block`, `timeout`).", figure(f -> Cells.format(f.behindPct()))),
            Column.of("p50_ns", "ns", "median latency of the events due in the window.", figure(f -> Cells.format(f.p50Ns()))),
            Column.of("p99_ns", "ns", "their p99; only a lower bound where `p99_censored`.",
                    figure(f -> Cells.format(f.p99Ns()))).lower("overload p99"),
            Column.of("p999_ns", "ns", "their p99.9.", figure(f -> Cells.format(f.p999Ns()))),
            Column.of("max_ns", "ns", "their largest.", figure(f -> Cells.format(f.maxNs()))),
            Column.of("samples", "events", "the events due in the window that the percentiles cover, `censored` included.",
                    figure(f -> Long.toString(f.samples()))),
            Column.of("censored", "events", "events due in the window never sent: the producer was stopped before it reached "
                    + "them.", figure(f -> Long.toString(f.censored()))),
            Column.of("p99_censored", "", "more than 1 % of the samples are censored, so `p99_ns` is only a lower bound (the "
                    + "report prints \"≥\").", figure(f -> Boolean.toString(f.p99Censored()))),
            Column.of("steady", "", "`steady`, or `not-steady` where no steady part was found (majority over forks).",
                    figure(OverloadRow.Figures::steady)).flag(Flag.NOT_STEADY),
            Column.of("warmup_ms", "ms", "where the steady part began, ms into the window (median over forks).",
                    figure(f -> Cells.format(f.warmupMs()))),
            Column.of("stall_p99_ns", "ns", "p99 of the time a producer spent in one publish attempt, over the attempts that "
                    + "ran during the window (whichever event they were for: a producer that fell behind in the warm-up spends "
                    + "the window on events due before it).", figure(f -> Cells.format(f.stallP99Ns()))),
            Column.of("in_publish_pct", "%", "(\"time in publish %\" in the report; `blocked_pct` before issue 29): the time "
                    + "inside publish attempts within the window as % of the window × producers, whether the call blocked or "
                    + "not (a drop-new producer's non-blocking `offer` counts too): time in publish, not time blocked.",
                    figure(f -> Cells.format(f.inPublishPct()))),
            Column.of("peak_backlog", "events", "most events accepted and not yet completed or discarded (sampled every ms).",
                    figure(f -> Cells.format(f.peakBacklog()))),
            Column.of("backlog_bound", "events", "what a bounded pipeline can hold (one ring of `capacity`, or `capacity` per "
                    + "hop × 3, plus one event per stage and per producer).", figure(f -> Long.toString(f.backlogBound()))),
            Column.of("within_capacity", "", "`peak_backlog` <= `backlog_bound`.",
                    figure(f -> Boolean.toString(f.withinCapacity()))),
            Column.of("heap_growth_bytes", "bytes", "most heap occupied after a collection during the run (the JVM's own "
                    + "`GcInfo`) less the heap after a full collection just before it; the trial runs with an 8 MiB young "
                    + "generation so queue transports collect several times per window.",
                    figure(f -> Cells.format(f.heapGrowthBytes()))),
            Column.of("gc_count", "collections", "collections in the run (0: nothing to measure, e.g. rings, which allocate "
                    + "nothing per event).", figure(f -> Cells.format(f.gcCount()))),
            Column.of("drain_ms", "ms", "from stopping the producers (while overloaded) to the last accepted event completed.",
                    figure(f -> Cells.format(f.drainMs()))),
            Column.<OverloadRow>of("timeout_us", "µs", "the bound of the `timeout` policy.",
                    r -> r.setup().timeoutUs() == null ? "" : Long.toString(r.setup().timeoutUs())),
            Column.<OverloadRow>of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                    r -> r.status().render()),
            Column.<OverloadRow>of("oversubscribed", "", "`threads` > `cpus`.",
                    r -> Boolean.toString(r.setup().oversubscribed())).flag(Flag.OVERSUBSCRIBED),
            Column.<OverloadRow>of("forks", "JVMs", "how many JVMs the row folds.", r -> Integer.toString(r.setup().forks())),
            Column.<OverloadRow>of("threads", "threads", "producers + 3 stages.", r -> text(r.setup().threads())),
            Column.<OverloadRow>of("cpus", "CPUs", "the CPUs the trial ran on.", r -> text(r.setup().cpus())),
            Column.<OverloadRow>of("pinning", "", "how the trial's threads were placed on CPUs.", r -> r.setup().pinning())))
            .plus(RuntimeCells.<OverloadRow>columns(r -> r.setup().runtime()));

    /** Columns a committed run's file may name otherwise or lack ({@link #inTodaysColumns}). */
    private static final String IN_PUBLISH = "in_publish_pct";
    private static final String BLOCKED = "blocked_pct";
    private static final String ACHIEVED = "offered_achieved_eps";

    private OverloadCsv() {
    }

    /** A cell of an ok row's figures; empty on a row without them. */
    private static Function<OverloadRow, String> figure(Function<OverloadRow.Figures, String> cell) {
        return r -> r.figures() == null ? "" : cell.apply(r.figures());
    }

    private static String text(Integer v) {
        return v == null ? "" : Integer.toString(v);
    }

    /**
     * The lines of {@code <run>/overload.csv} as the report reads them, in file order; empty when the suite did not
     * run. Read through {@link #TABLE} ({@link ColumnTable#read}), so a file whose header is not the table's is
     * refused (IllegalArgumentException) rather than read with cells missing; a committed run's file from before a
     * column was renamed or added is first put in today's columns ({@link #inTodaysColumns}).
     */
    static List<OverloadLine> read(Path runDir) throws IOException {
        Path f = runDir.resolve(FILE);
        if (!Files.isRegularFile(f)) {
            return List.of();
        }
        String text = inTodaysColumns(Files.readString(f, StandardCharsets.UTF_8));
        return TABLE.read(text).stream().map(OverloadLine::of).toList();
    }

    /**
     * The text of a file written before issue 29 renamed {@code blocked_pct} to {@code in_publish_pct} (the same
     * figure), or before issue 40 added {@code offered_achieved_eps}, with today's header: the one renamed, the other
     * appended with an empty cell on every line (unknown: the report then takes the nominal rate × (1 − behind %)).
     * Any other text is returned as it is.
     */
    static String inTodaysColumns(String text) {
        String[] lines = text.split("\r?\n");
        List<String> head = new ArrayList<>(CsvFormat.split(lines[0]));
        int renamed = head.contains(IN_PUBLISH) ? -1 : head.indexOf(BLOCKED);
        boolean added = !head.contains(ACHIEVED);
        if (renamed < 0 && !added) {
            return text;
        }
        if (renamed >= 0) {
            head.set(renamed, IN_PUBLISH);
        }
        StringBuilder out = new StringBuilder(String.join(",", head)).append(added ? "," + ACHIEVED : "").append('\n');
        for (int i = 1; i < lines.length; i++) {
            out.append(lines[i]).append(added && !lines[i].isBlank() ? "," : "").append('\n');
        }
        return out.toString();
    }
}
