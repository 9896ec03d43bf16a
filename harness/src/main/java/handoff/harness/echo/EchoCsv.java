package handoff.harness.echo;

import handoff.harness.results.Cells;
import handoff.harness.results.Column;
import handoff.harness.results.ColumnTable;
import handoff.harness.results.CsvFormat;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The columns of {@code echo.csv} ({@link #TABLE}), the one place they are named: its header, writer, registry schema
 * and its lines in results/README.md come from it. And reading the file back for the report part.
 */
public final class EchoCsv {
    public static final String FILE = "echo.csv";

    /** Every column of the file, in file order, with its unit, meaning, cell and schema role. */
    static final ColumnTable<EchoRow> TABLE = ColumnTable.of(FILE, List.of(
            Column.<EchoRow>of("variant", "", "`inline`, `blocking`, `rings` (`disruptor`, `lmax`) or `transport` (the other "
                    + "registry transports).", r -> r.setup().variant()).key(),
            Column.<EchoRow>of("transport", "", "the transport's id, or repeats the variant for `inline` and `blocking`.",
                    r -> r.setup().transport()).key(),
            Column.<EchoRow>of("wait", "", "the wait strategy: `n/a` for `inline`, `block` for `blocking` (its executor's "
                    + "queue).", r -> r.setup().waitStrategy()).key(),
            Column.<EchoRow>of("mode", "", "`closed` (`clients` threads, send then wait; one sample = one round trip) or "
                    + "`open` (one paced client, `clients` = 1, `load_pct` = the offered rate as % of the best closed-loop "
                    + "throughput of the same JVM, `offered_rps` that rate; latency from each request's intended send time).",
                    EchoRow::mode).key(),
            Column.<EchoRow>of("clients", "threads", "a closed-loop part's client threads (N); 1 in open loop.",
                    r -> Integer.toString(r.clients())).key(),
            Column.<EchoRow>of("load_pct", "%", "the offered rate as % of the best closed-loop throughput of the same JVM; "
                    + "empty for closed-loop rows.", r -> r.loadPct() == null ? "" : Integer.toString(r.loadPct())).key(),
            Column.of("offered_rps", "requests/s", "the rate an open-loop row offered (`load_pct` % of that throughput); "
                    + "empty for closed-loop rows.", figure(f -> Cells.format(f.offeredRps()))),
            measured(Column.of("throughput_rps", "requests/s", "answered requests per second of the window (median over "
                    + "forks); open loop: `offered_rps` × (requests due in the steady part answered within the timeout) ÷ "
                    + "(those due): never above offered.", figure(f -> Cells.format(f.throughputRps()))),
                    Metric.higher("throughput_rps", "echo throughput", "requests/s")),
            measured(Column.of("p50_ns", "ns", "median over forks of each fork's p50.",
                    figure(f -> Cells.format(f.p50().centre()))),
                    Metric.lower("p50_ns", "echo p50", "ns").spread("p50_lo_ns", "p50_hi_ns")),
            Column.of("p50_lo_ns", "ns", "low end of `p50_ns`'s distribution-free interval (`stats.Stats`).",
                    figure(f -> Cells.format(f.p50().lo()))),
            Column.of("p50_hi_ns", "ns", "its high end.", figure(f -> Cells.format(f.p50().hi()))),
            Column.of("interval_level", "", "the real coverage of the `p50_ns` and `p99_ns` intervals (0.75 for 3 forks; 0 "
                    + "for one fork: no interval).", figure(f -> Cells.format(f.p50().level()))),
            measured(Column.of("p99_ns", "ns", "median over forks of each fork's p99.",
                    figure(f -> Cells.format(f.p99().centre()))),
                    Metric.lower("p99_ns", "echo p99", "ns").spread("p99_lo_ns", "p99_hi_ns")),
            Column.of("p99_lo_ns", "ns", "low end of `p99_ns`'s distribution-free interval.",
                    figure(f -> Cells.format(f.p99().lo()))),
            Column.of("p99_hi_ns", "ns", "its high end.", figure(f -> Cells.format(f.p99().hi()))),
            Column.of("p999_ns", "ns", "median over forks of each fork's p99.9.", figure(f -> Cells.format(f.p999Ns()))),
            Column.of("max_ns", "ns", "the max over forks.", figure(f -> Cells.format(f.maxNs()))),
            Column.of("mean_ns", "ns", "median over forks of each fork's mean (every fork weighs the same).",
                    figure(f -> Cells.format(f.meanNs()))),
            Column.of("p50_ns_forks", "ns", "each fork's p50, `;`-separated in fork order (the report's tests read them).",
                    figure(f -> Forks.joined(f.p50Forks()))),
            Column.of("p99_ns_forks", "ns", "each fork's p99, likewise.", figure(f -> Forks.joined(f.p99Forks()))),
            Column.of("samples", "", "how many latencies all forks' histograms hold, merged (also in `hgrm`).",
                    figure(f -> Long.toString(f.samples()))),
            Column.of("cpu_ns_per_request", "ns", "the server's threads' CPU time per request (per-thread schedstat, ns; "
                    + "the clients are not trial threads), median over forks.", figure(f -> Cells.format(f.cpuNsPerRequest()))),
            Column.of("cpu_pct", "%", "the same server threads' CPU time over the measured window ÷ its wall time, in percent "
                    + "of one CPU (median over forks; `cpu_pct_forks` per fork). Divide by `cpus` for \"per core\" (the 2013 "
                    + "example's \"4-6 % CPU per core\"). Empty where per-thread CPU is unknown.",
                    figure(f -> Cells.format(f.cpuPct()))),
            Column.of("cpu_pct_forks", "%", "each fork's `cpu_pct`, `;`-separated in fork order.",
                    figure(f -> String.join(";", f.cpuPctForks()))),
            Column.of("idle_cpu_pct", "%", "the same over 300 ms with the server started and no request in flight, before "
                    + "the first client sends: what the server's wait costs while it has nothing to do (median over forks).",
                    figure(f -> Cells.format(f.idleCpuPct()))),
            Column.of("alloc_bytes_per_request", "bytes", "bytes allocated per request, counting the server's threads only "
                    + "(median over forks).", figure(f -> Cells.format(f.allocBytesPerRequest()))),
            Column.of("gc_count", "pauses", "the stop-the-world GC pauses in the window (see the resource columns), median "
                    + "over forks.", figure(f -> Cells.format(f.gcCount()))),
            Column.of("gc_time_ms", "ms", "their total, median over forks.", figure(f -> Cells.format(f.gcTimeMs()))),
            Column.<EchoRow>of("lost", "requests", "no reply within the 1 s timeout (open loop: of its intended send time), "
                    + "summed over forks.", r -> Long.toString(r.lost())),
            Column.<EchoRow>of("duplicated", "replies", "a second reply to a request, summed over forks.",
                    r -> Long.toString(r.duplicated())),
            Column.<EchoRow>of("corrupted", "replies", "not exactly the upper-cased request, or a reply to a request never "
                    + "sent, summed over forks.", r -> Long.toString(r.corrupted())),
            Column.<EchoRow>of("misrouted", "replies", "another client's reply arrived on this client's channel, summed "
                    + "over forks.", r -> Long.toString(r.misrouted())),
            Column.of("p50_minus_inline_ns", "ns", "this row's `p50_ns` minus `inline`'s at the same client count (closed "
                    + "loop only).", vs(v -> Cells.format(v.p50MinusNs()))),
            Column.of("p99_minus_inline_ns", "ns", "the same for `p99_ns`.", vs(v -> Cells.format(v.p99MinusNs()))),
            Column.of("p50_ratio_inline", "", "the ratio of p50s (this row's over `inline`'s at the same client count, "
                    + "closed loop only) from forks paired by fork number (forks run interleaved).",
                    vs(v -> Cells.format(v.ratio().ratio()))),
            Column.of("p50_ratio_inline_lo", "", "low end of its interval.", vs(v -> Cells.format(v.ratio().lo()))),
            Column.of("p50_ratio_inline_hi", "", "its high end.", vs(v -> Cells.format(v.ratio().hi()))),
            Column.of("p50_ratio_inline_p", "", "the paired test's p, Holm-adjusted over the file's comparisons (see the "
                    + "column conventions).", vs(v -> Cells.format(v.p()))),
            Column.of("vs_inline", "", "the verdict at `p50_ratio_inline_p` with its test: `slower`, `faster`, alike or "
                    + "cannot tell (see the column conventions), `unknown (1 fork)` with one fork; empty on `inline`'s own "
                    + "rows and open-loop rows.", vs(EchoRow.VsInline::verdict)),
            Column.of("warmup_ms", "ms", "open loop: where the steady part began (median over forks); empty for closed-loop "
                    + "rows.", steadiness(s -> Cells.format(s.warmupMs()))),
            Column.of("steady", "", "open loop: the majority verdict over forks, `steady` or `not-steady` (no such start, or "
                    + "the steady part itself trends; the second half is then reported).",
                    steadiness(EchoRow.Steadiness::verdict)).flag(Flag.NOT_STEADY),
            Column.of("steady_forks", "", "open loop: the count, steady forks / forks.",
                    steadiness(s -> s.steady() + "/" + s.forks())),
            Column.<EchoRow>of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                    r -> r.status().render()),
            Column.<EchoRow>of("oversubscribed", "", "`threads` > `cpus`.",
                    r -> Boolean.toString(r.oversubscribed())).flag(Flag.OVERSUBSCRIBED),
            Column.of("unstable", "", "forks disagree by more than 2× on p50 or p99.",
                    figure(f -> Boolean.toString(f.unstable()))).flag(Flag.UNSTABLE),
            Column.<EchoRow>of("forks", "JVMs", "how many JVMs the row folds.", r -> Integer.toString(r.setup().forks())),
            Column.<EchoRow>of("threads", "threads", "server threads (`inline` 1, `blocking` 4, rings/transports 3) + client "
                    + "threads (2 for open loop).", r -> Integer.toString(r.threads())),
            Column.<EchoRow>of("cpus", "CPUs", "the CPUs the trial ran on.",
                    r -> r.setup().cpus() == null ? "" : Integer.toString(r.setup().cpus())),
            Column.<EchoRow>of("pinning", "", "how the trial's threads were placed on CPUs.", r -> r.setup().pinning()),
            Column.of("hgrm", "", "the path of all forks' histograms merged, relative to the run folder.", figure(EchoRow.Figures::hgrm))))
            .plus(RuntimeCells.<EchoRow>columns(r -> r.setup().runtime()));

    /**
     * The registry's view of the file: {@link #TABLE}'s, its metrics latency first (p50, the headline, then p99) and
     * throughput after them, as the suite has always declared them; the file holds throughput first.
     */
    static CsvSchema schema() {
        CsvSchema s = TABLE.schema();
        List<Metric> metrics = new ArrayList<>(s.metrics());
        metrics.sort(Comparator.comparing(Metric::higherIsBetter)); // stable: p50_ns, p99_ns, throughput_rps
        return new CsvSchema(s.file(), s.keys(), s.match(), metrics, s.flags(), s.format(), s.columns());
    }

    private EchoCsv() {
    }

    /** The same column as a metric of the registry (with its interval columns, where it has them). */
    private static Column<EchoRow> measured(Column<EchoRow> c, Metric m) {
        return new Column<>(c.name(), c.unit(), c.meaning(), c.cell(), new Column.Role.Measured(m), false);
    }

    /** A cell of an ok row's figures; empty on a row without them. */
    private static Function<EchoRow, String> figure(Function<EchoRow.Figures, String> cell) {
        return r -> r.figures() == null ? "" : cell.apply(r.figures());
    }

    /** A cell of an ok open-loop row's steady state; empty on any other row. */
    private static Function<EchoRow, String> steadiness(Function<EchoRow.Steadiness, String> cell) {
        return r -> r.figures() == null || r.figures().steadiness() == null ? "" : cell.apply(r.figures().steadiness());
    }

    /** A cell of a row set against {@code inline}'s; empty on any other row. */
    private static Function<EchoRow, String> vs(Function<EchoRow.VsInline, String> cell) {
        return r -> r.vsInline() == null ? "" : cell.apply(r.vsInline());
    }

    /** The rows of {@code <run>/echo.csv} as the report reads them ({@link EchoLine}); empty when the suite did not run. */
    static List<EchoLine> lines(Path runDir) throws IOException {
        return EchoLine.of(read(runDir));
    }

    /** The rows of {@code <run>/echo.csv}, each its cells by column name; empty when the suite did not run. */
    public static List<Map<String, String>> read(Path runDir) throws IOException {
        Path f = runDir.resolve(FILE);
        return Files.isRegularFile(f) ? CsvFormat.parse(Files.readString(f, StandardCharsets.UTF_8)) : List.of();
    }
}
