package handoff.harness.latency;

import handoff.harness.meters.WhyMetrics;
import handoff.harness.results.Cells;
import handoff.harness.results.Column;
import handoff.harness.results.ColumnTable;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of the latency suite's files, one {@link ColumnTable} each and the one place they are named: {@link #LATENCY}
 * ({@code pipeline-latency.csv}), {@link #CAPACITY} ({@code pipeline-capacity.csv}) and {@link #HOPS}
 * ({@code pipeline-hops.csv}). Their headers, writers, registry schemas and lines in results/README.md come from them.
 * The report part ({@code pipelinereport}) reads the files back through the registry's rows.
 */
public final class LatencyCsv {
    public static final String FILE = "pipeline-latency.csv";
    public static final String CAPACITY_FILE = "pipeline-capacity.csv";
    public static final String HOPS_FILE = "pipeline-hops.csv";

    private LatencyCsv() {
    }

    /** A configuration's columns, as every file of the suite starts. */
    private static <R> List<Column<R>> configuration(Function<R, LatencyTrial.Setup> of) {
        return List.of(
                Column.<R>of("transport", "", "the transport's id.", r -> of.apply(r).transport()).key(),
                Column.<R>of("producers", "threads", "producer threads offering events.",
                        r -> text(of.apply(r).producers())).key(),
                Column.<R>of("wait", "", "the wait strategy.", r -> of.apply(r).waitStrategy()).key(),
                Column.<R>of("work", "rounds", "rounds of work per stage and event.", r -> text(of.apply(r).work())).key());
    }

    /** Every column of pipeline-latency.csv, in file order, with its unit, meaning, cell and schema role. */
    static final ColumnTable<LatencyRow> LATENCY = ColumnTable.of(FILE, configuration(LatencyRow::setup)).plus(List.of(
            Column.<LatencyRow>of("rate_basis", "", "what `load_pct` is a percentage of: `common` = the slowest "
                    + "configuration's *sustainable open-loop rate* at the same producers and work in this run's "
                    + "`pipeline-capacity.csv` (one absolute rate for every transport, so rows compare at equal load; "
                    + "`quick`: 10, 50 and 90 %, i.e. low, middle and near the slowest one's knee); `own` = the row's own "
                    + "sustainable rate (`full`); `fixed` = `--rate`.", r -> r.setup().rateBasis()),
            Column.<LatencyRow>of("load_pct", "%", "the offered rate as % of the rate `rate_basis` names; empty for `fixed`.",
                    r -> text(r.setup().loadPct())),
            Column.<LatencyRow>of("offered_eps", "events/s", "the open-loop rate offered (median over forks).",
                    r -> Cells.format(r.offeredEps())).key(),
            Column.of("achieved_eps", "events/s", "`offered_eps` × (events due in the window that completed within 100 ms "
                    + "of its end) ÷ (events due in the window): it can never exceed `offered_eps`. A row under 99 % of "
                    + "offered is `behind` in the report and does not rank.", figure(f -> Cells.format(f.achievedEps()))),
            Column.of("mean_ns", "ns", "median over forks of each fork's mean latency.",
                    figure(f -> Cells.format(f.endToEnd().mean()))),
            measured(Column.of("p50_ns", "ns", "median over forks of each fork's own p50 (every fork weighs the same).",
                    figure(f -> Cells.format(f.endToEnd().p50()))),
                    Metric.lower("p50_ns", "pipeline latency p50", "ns").spread("p50_lo_ns", "p50_hi_ns")),
            Column.of("p90_ns", "ns", "likewise, p90.", figure(f -> Cells.format(f.endToEnd().p90()))),
            measured(Column.of("p99_ns", "ns", "likewise, p99.", figure(f -> Cells.format(f.endToEnd().p99()))),
                    Metric.lower("p99_ns", "pipeline latency p99", "ns").spread("p99_lo_ns", "p99_hi_ns")),
            Column.of("p999_ns", "ns", "likewise, p99.9.", figure(f -> Cells.format(f.endToEnd().p999()))),
            Column.of("max_ns", "ns", "the largest over forks.", figure(f -> Cells.format(f.endToEnd().max()))),
            Column.of("p50_lo_ns", "ns", "low end of the distribution-free interval of the median over forks of each fork's "
                    + "p50 (see the column conventions).", figure(f -> Cells.format(f.p50().lo()))),
            Column.of("p50_hi_ns", "ns", "its high end.", figure(f -> Cells.format(f.p50().hi()))),
            Column.of("p99_lo_ns", "ns", "the same for p99.", figure(f -> Cells.format(f.p99().lo()))),
            Column.of("p99_hi_ns", "ns", "its high end.", figure(f -> Cells.format(f.p99().hi()))),
            Column.of("interval_level", "", "the real coverage of those intervals (0.75 for 3 forks; 0 for one fork: no "
                    + "interval).", figure(f -> Cells.format(f.p50().level()))),
            Column.<LatencyRow>of("forks", "JVMs", "how many JVMs the row folds.", r -> Integer.toString(r.forks())),
            Column.of("p50_ns_forks", "ns", "each fork's p50, `;`-separated in fork order (the report's tests read them).",
                    figure(f -> Forks.joined(f.endToEnd().p50Forks()))),
            Column.of("p99_ns_forks", "ns", "each fork's p99, likewise.", figure(f -> Forks.joined(f.endToEnd().p99Forks()))),
            Column.of("samples", "events", "how many latencies all forks' histograms hold, merged (also in `hgrm`).",
                    figure(f -> Long.toString(f.samples()))),
            Column.of("peak_backlog", "events", "the most events published but not yet aggregated inside the window "
                    + "(sampled every ms), median over forks.", figure(f -> Cells.format(f.peakBacklog()))),
            Column.of("backlog_bound", "events", "one hop's capacity (a ring is one hop; whichever stage is slowest, the hop "
                    + "in front of it fills first; an unbounded `clq` is judged against the same bound).",
                    figure(f -> Cells.format(f.backlogBound()))),
            Column.of("saturated", "", "some fork's `peak_backlog` reached half of `backlog_bound`: its tail is the time to "
                    + "cross a full buffer, and the report shows its latency as \"buffer-bound\" and never ranks it.",
                    figure(f -> Boolean.toString(f.saturated() > 0))).flag(Flag.SATURATED),
            Column.<LatencyRow>of("saturated_forks", "", "the count, saturated forks / forks.",
                    r -> r.figures() == null ? "" : r.figures().saturated() + "/" + r.forks()),
            Column.of("warmup_ms", "ms", "how long warm-up took (median over forks; see the warm-up note below).",
                    figure(f -> Cells.format(f.warmupMs()))),
            Column.<LatencyRow>of("steady", "", "the majority verdict over forks, `steady` or `not-steady`; `not-steady` rows "
                    + "never rank.", r -> r.figures() == null ? "" : r.steady()).flag(Flag.NOT_STEADY),
            Column.<LatencyRow>of("steady_forks", "", "the count, steady forks / forks.",
                    r -> r.figures() == null ? "" : r.figures().steady() + "/" + r.forks()),
            Column.<LatencyRow>of("pacer", "", "`park` where producers + stage threads outnumber the CPUs (the producer parks "
                    + "until an event is due and then sends everything due, each with its intended time), `spin-margin` "
                    + "otherwise (parks until 50 µs before, spins the rest).", LatencyRow::pacer),
            Column.of("backlog_growth_eps", "events/s", "backlog at the end of the window minus at its start, per second of "
                    + "window (median over forks).", figure(f -> Cells.format(f.backlogGrowthEps()))),
            Column.of("overloaded", "", "the backlog grew by more than 1 % of the offered rate: latency grew through the "
                    + "window and the percentiles describe a queue, not a hand-off.",
                    figure(f -> Boolean.toString(f.overloaded()))),
            Column.of("idle_cpus", "CPUs", "the trials of the middle load first start the pipeline and leave it idle for "
                    + "0.5 s: the trial threads' CPU time ÷ wall time over that window (CPUs burned while idle; median over "
                    + "forks; empty at the other loads).", figure(f -> Cells.format(f.idleCpus()))),
            Column.of("heap_growth_bytes", "bytes", "heap after collection (see the resource columns under `rtt.csv`), "
                    + "median over forks.", figure(f -> Cells.format(f.heapGrowthBytes()))),
            Column.of("gc_count", "pauses", "the stop-the-world GC pauses of the run (see the resource columns), median over "
                    + "forks.", figure(f -> Cells.format(f.gcCount()))),
            Column.of("gc_time_ms", "ms", "their total, median over forks.", figure(f -> Cells.format(f.gcTimeMs()))),
            Column.of("gc_max_pause_ms", "ms", "the longest, median over forks.", figure(f -> Cells.format(f.gcMaxPauseMs()))),
            Column.of("alloc_bytes_per_event", "bytes", "bytes allocated per event sent, the whole run (warm-up included), "
                    + "median over forks.", figure(f -> Cells.format(f.allocBytesPerEvent()))),
            Column.of("cpu_ns_per_event", "ns", "CPU time of the trial's own threads per event sent, the whole run (warm-up "
                    + "included; see the resource columns), median over forks.", figure(f -> Cells.format(f.cpuNsPerEvent()))),
            Column.of("publish_mean_ns", "ns", "the publish call itself, from the producer's `System.nanoTime()` just "
                    + "before it to just after it returns, every event of the window (one extra clock read per event), "
                    + "folded per fork like the end-to-end percentiles: the producer's cost of a hand-off, which is what "
                    + "the 2026 pipeline article times (its D.1 rows compare these). Its mean (median over forks); empty in "
                    + "runs before it.", publish(p -> Cells.format(p.mean()))),
            measured(Column.of("publish_p50_ns", "ns", "its p50.", publish(p -> Cells.format(p.p50()))),
                    Metric.lower("publish_p50_ns", "publish call p50", "ns")),
            Column.of("publish_p90_ns", "ns", "its p90.", publish(p -> Cells.format(p.p90()))),
            measured(Column.of("publish_p99_ns", "ns", "its p99.", publish(p -> Cells.format(p.p99()))),
                    Metric.lower("publish_p99_ns", "publish call p99", "ns")),
            Column.of("publish_p999_ns", "ns", "its p99.9.", publish(p -> Cells.format(p.p999()))),
            Column.of("publish_max_ns", "ns", "its largest over forks.", publish(p -> Cells.format(p.max()))),
            Column.of("publish_p50_ns_forks", "ns", "each fork's publish p50, `;`-separated in fork order.",
                    publish(p -> Forks.joined(p.p50Forks()))),
            Column.of("publish_p99_ns_forks", "ns", "each fork's publish p99, likewise.",
                    publish(p -> Forks.joined(p.p99Forks())))))
            .plus(why())
            .plus(List.of(
                    Column.<LatencyRow>of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                            r -> r.status().render()),
                    Column.<LatencyRow>of("oversubscribed", "", "some fork ran more threads than the box has CPUs.",
                            r -> Boolean.toString(r.oversubscribed())).flag(Flag.OVERSUBSCRIBED),
                    Column.of("unstable", "", "forks' p99s disagree by more than 2×; `unknown` with one fork.",
                            figure(f -> f.unstable() == null ? "unknown" : f.unstable().toString())).flag(Flag.UNSTABLE),
                    Column.<LatencyRow>of("threads", "threads", "producers + the pipeline's 3 stage threads.",
                            r -> text(r.setup().threads())),
                    Column.<LatencyRow>of("cpus", "CPUs", "the CPUs the trial ran on.", r -> text(r.setup().cpus())),
                    Column.<LatencyRow>of("pinning", "", "how the trial's threads were placed on CPUs.",
                            r -> r.setup().pinning()),
                    Column.of("hgrm", "", "the path of all forks' end-to-end histograms merged, relative to the run folder.",
                            figure(LatencyRow.Figures::hgrm)),
                    Column.of("hlog", "", "the forks' interval logs (`hlog/<trial-key>.hlog`), space-separated.",
                            figure(LatencyRow.Figures::hlog))))
            .plus(RuntimeCells.<LatencyRow>columns(r -> r.setup().runtime()))
            // format 2: the publish call's latency
            .added("publish_mean_ns", "publish_p50_ns", "publish_p90_ns", "publish_p99_ns", "publish_p999_ns",
                    "publish_max_ns", "publish_p50_ns_forks", "publish_p99_ns_forks");

    /** The rows match across runs on the load (a fraction of each run's own measured rate), not the absolute rate. */
    static final List<String> LATENCY_MATCH = List.of("transport", "producers", "wait", "work", "rate_basis", "load_pct");

    /** Every column of pipeline-capacity.csv, in file order. */
    static final ColumnTable<CapacityRow> CAPACITY = ColumnTable.of(CAPACITY_FILE, configuration(CapacityRow::setup))
            .plus(List.of(
                    Column.of("sustainable_eps", "events/s", "the highest offered rate that kept up, found by doubling from "
                            + "50 k/s (halving while probes fail; a failing probe is confirmed by a second at the same rate, "
                            + "since one scheduler stall fails a short probe) and then bisecting in log space until the "
                            + "bracket is within 20 % (`RateSearch`): a rate that was measured to pass, a lower estimate on a "
                            + "noisy box.", search(LatencyTrial.Search::sustainableEps))
                            .higher("sustainable open-loop rate"),
                    Column.of("capacity_at_budget_eps", "events/s", "the highest rate that kept up with end-to-end p99 ≤ "
                            + "`budget_ns`, searched the same way from the first search's probes and no lower than "
                            + "`sustainable_eps` ÷ 32; empty when none qualified.",
                            search(LatencyTrial.Search::capacityAtBudgetEps)).higher("capacity at the latency budget"),
                    Column.of("budget_ns", "ns", "the latency budget, end-to-end p99 (default 1 ms; set "
                            + "`HANDOFF_LATENCY_BUDGET_US` in the environment of `run-bench.sh`).",
                            search(LatencyTrial.Search::budgetNs)),
                    Column.of("probes", "", "how many probes `probe_log` lists.", search(s -> text(s.probes()))),
                    Column.<CapacityRow>of("pacer", "", "the probes' pacer, as `pipeline-latency.csv`'s.", CapacityRow::pacer),
                    Column.of("probe_log", "", "every probe as `rate:kept-up|fell-behind:p99_ns`.",
                            search(LatencyTrial.Search::probeLog)),
                    Column.of("generator_eps", "events/s", "the open-loop generator's own ceiling in the same JVM "
                            + "(`GeneratorCeiling`, issue 40): the same producers, schedule and pacer publishing into a sink "
                            + "with no hand-off (a null pipeline), one window per rate, the rate doubling from 50 k/s while "
                            + "the producers sent ≥ 99 % of the events due (a failure confirmed by a second run); the last "
                            + "rate that kept up. Empty when not even 50 k/s did (or in runs before it).",
                            search(LatencyTrial.Search::generatorEps)),
                    Column.<CapacityRow>of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                            r -> r.status().render()),
                    Column.<CapacityRow>of("threads", "threads", "producers + the pipeline's 3 stage threads.",
                            r -> text(r.setup().threads())),
                    Column.<CapacityRow>of("cpus", "CPUs", "the CPUs the trial ran on.", r -> text(r.setup().cpus())),
                    Column.<CapacityRow>of("pinning", "", "how the trial's threads were placed on CPUs.",
                            r -> r.setup().pinning())))
            // format 2: the generator's own ceiling
            .added("generator_eps");

    /** Every column of pipeline-hops.csv, in file order. */
    static final ColumnTable<HopRow> HOPS = ColumnTable.of(HOPS_FILE, configuration((HopRow h) -> h.row().setup()))
            .plus(List.of(
                    Column.<HopRow>of("offered_eps", "events/s", "the latency row's `offered_eps`; rows join "
                            + "`pipeline-latency.csv` on transport, producers, wait, work, offered_eps.",
                            h -> Cells.format(h.row().offeredEps())).key(),
                    Column.<HopRow>of("hop", "", "`publish->parse` (from the intended send time, so it includes send lag), "
                            + "`parse->enrich`, `enrich->aggregate`.", HopRow::hop).key(),
                    Column.<HopRow>of("mean_ns", "ns", "median over forks of each fork's mean latency of the hop.",
                            h -> Cells.format(h.latency().mean())),
                    Column.<HopRow>of("p50_ns", "ns", "likewise, p50.", h -> Cells.format(h.latency().p50())),
                    Column.<HopRow>of("p90_ns", "ns", "likewise, p90.", h -> Cells.format(h.latency().p90())),
                    Column.<HopRow>of("p99_ns", "ns", "likewise, p99.", h -> Cells.format(h.latency().p99())),
                    Column.<HopRow>of("p999_ns", "ns", "likewise, p99.9.", h -> Cells.format(h.latency().p999())),
                    Column.<HopRow>of("max_ns", "ns", "the largest over forks.", h -> Cells.format(h.latency().max())),
                    Column.<HopRow>of("oversubscribed", "", "the latency row's `oversubscribed`.",
                            h -> Boolean.toString(h.row().oversubscribed())).flag(Flag.OVERSUBSCRIBED),
                    Column.<HopRow>of("hgrm", "", "the path of all forks' histograms of the hop merged, relative to the run "
                            + "folder.", HopRow::hgrm)));

    /** The suite's files as the registry knows them: pipeline-latency.csv matched across runs on the load. */
    static List<CsvSchema> schemas() {
        CsvSchema latency = LATENCY.schema();
        return List.of(new CsvSchema(latency.file(), latency.keys(), LATENCY_MATCH, latency.metrics(), latency.flags(),
                latency.format(), latency.columns()),
                HOPS.schema(), CAPACITY.schema());
    }

    /** The why-metrics ({@link WhyMetrics#COLUMNS}), medians over forks; documented under "Why-metrics". */
    private static List<Column<LatencyRow>> why() {
        String[] units = {"switches", "switches", "ns", "ns", "ms"};
        String[] meanings = {"voluntary context switches of the trial's own threads per event (see the why-metrics), median "
                + "over forks.", "involuntary ones, likewise.", "CPU time of the `producer-*` threads per event (see the "
                + "why-metrics), median over forks.", "CPU time of the trial's other threads (the stages) per event, likewise.",
                "time the JVM spent in safepoints over the whole run (see the why-metrics), median over forks."};
        List<Column<LatencyRow>> out = new ArrayList<>();
        for (int i = 0; i < WhyMetrics.COLUMNS.size(); i++) {
            int at = i;
            out.add(Column.of(WhyMetrics.COLUMNS.get(i), units[i], meanings[i], figure(f -> Cells.format(f.why()[at]))));
        }
        return out;
    }

    /** The same column as a metric of the registry (with its interval columns, where it has them). */
    private static Column<LatencyRow> measured(Column<LatencyRow> c, Metric m) {
        return new Column<>(c.name(), c.unit(), c.meaning(), c.cell(), new Column.Role.Measured(m), false);
    }

    /** A cell of an ok row's figures; empty on a row without them. */
    private static Function<LatencyRow, String> figure(Function<LatencyRow.Figures, String> cell) {
        return r -> r.figures() == null ? "" : cell.apply(r.figures());
    }

    /** A cell of an ok row's publish-call percentiles; empty on a row without them. */
    private static Function<LatencyRow, String> publish(Function<ForkPercentiles, String> cell) {
        return r -> r.figures() == null || r.figures().publish() == null ? "" : cell.apply(r.figures().publish());
    }

    /** A cell of a search's results; empty on a row without them. */
    private static Function<CapacityRow, String> search(Function<LatencyTrial.Search, String> cell) {
        return r -> r.search() == null ? "" : cell.apply(r.search());
    }

    private static String text(Integer i) {
        return i == null ? "" : i.toString();
    }
}
