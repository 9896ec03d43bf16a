package handoff.harness.unicast;

import handoff.harness.results.TrialProperties;

import handoff.harness.jmhsuite.JmhConfig;
import handoff.harness.jmhsuite.JmhMeasure;
import handoff.harness.jmhsuite.JmhRow;
import handoff.harness.results.Cells;
import handoff.harness.results.Column;
import handoff.harness.results.ColumnTable;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.results.CellCodec;
import handoff.harness.trial.RuntimeCells;

import java.lang.invoke.MethodHandles;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The columns of {@code unicast.csv} ({@link #TABLE}), the one place they are named: its header, writer, registry
 * schema and its lines in results/README.md come from it. Its rows are a configuration's JMH forks folded
 * ({@link JmhRow} over {@link Config}); {@link #MEASURES} are what each fork's trial gives.
 */
final class UnicastCsv {
    static final String FILE = "unicast.csv";

    /**
     * A unicast trial's configuration, as the plan writes it into the trial's spec and the trial JVM and the fold read
     * it back ({@link #CODEC}; its order is the configuration key's).
     *
     * @param items the items one op moves; null where the trial has none
     */
    record Config(String transport, String waitStrategy, Long items) implements JmhConfig {
        static final CellCodec<Config> CODEC = CellCodec.of(MethodHandles.lookup(), Config.class, "transport",
                "wait=waitStrategy", "items");

        static Config of(TrialProperties trial) {
            return CODEC.read(trial);
        }

        /** {@link #items} as a number; NaN where unknown. */
        double itemCount() {
            return items == null ? Double.NaN : items;
        }
    }

    /** The columns folded as medians over forks, each computed once from a fork's result. */
    static final List<JmhMeasure<Config>> MEASURES = List.of(
            JmhMeasure.of("time_ms", (m, c) -> UnicastSuite.toMillis(m)),
            JmhMeasure.of("ns_per_item", (m, c) -> UnicastSuite.toMillis(m) * 1e6 / c.itemCount()),
            JmhMeasure.of("alloc_bytes_per_item", (m, c) -> m.allocBytesPerOp() / c.itemCount()));

    /** The primary measure: its interval, spread and per-fork values are columns too. */
    static final String PRIMARY = "ns_per_item";

    /** Every column of the file, in file order, with its unit, meaning, cell and schema role. */
    static final ColumnTable<JmhRow<Config>> TABLE = ColumnTable.of(FILE, List.<Column<JmhRow<Config>>>of(
            Column.<JmhRow<Config>>of("transport", "", "the transport's id (`flow-post`: Flow as the 2017 post configured "
                    + "it, added wherever `flow` runs).", r -> r.first().transport()).key(),
            Column.<JmhRow<Config>>of("wait", "", "the wait strategy.", r -> r.first().waitStrategy()).key(),
            Column.<JmhRow<Config>>of("items", "items", "the items one op moves from the producer to the consumer.",
                    r -> r.config().items() == null ? "" : Long.toString(r.config().items())).key(),
            Column.<JmhRow<Config>>of("time_ms", "ms", "the time to move them, median over forks.", r -> r.measure("time_ms")),
            new Column<>("ns_per_item", "ns/item", "the time per item, median over forks.", r -> r.measure(PRIMARY),
                    new Column.Role.Measured(Metric.lower("ns_per_item", "unicast time per item", "ns/item")
                            .spread("ns_per_item_lo", "ns_per_item_hi")), false),
            Column.<JmhRow<Config>>of("ns_per_item_forks", "ns/item", "each fork's time per item, `;`-separated in fork "
                    + "order.", JmhRow::perForkValues),
            Column.<JmhRow<Config>>of("ns_per_item_lo", "ns/item", "the low end of `ns_per_item`'s interval, real "
                    + "coverage `interval_level`.", figure(f -> Cells.format(f.interval().lo()))),
            Column.<JmhRow<Config>>of("ns_per_item_hi", "ns/item", "its high end.", figure(f -> Cells.format(f.interval().hi()))),
            Column.<JmhRow<Config>>of("interval_level", "", "the real coverage of the interval (see the column conventions).",
                    figure(f -> Cells.format(f.interval().level()))),
            Column.<JmhRow<Config>>of("forks", "JVMs", "how many JVMs (one JMH fork each) the row folds.",
                    r -> Integer.toString(r.forks())),
            Column.<JmhRow<Config>>of("ns_per_item_min", "ns/item", "the fastest fork's.", figure(f -> Cells.format(f.min()))),
            Column.<JmhRow<Config>>of("ns_per_item_max", "ns/item", "the slowest fork's.", figure(f -> Cells.format(f.max()))),
            Column.<JmhRow<Config>>of("alloc_bytes_per_item", "bytes", "JMH's `gc.alloc.rate.norm` per op over the items, "
                    + "median over forks.", r -> r.measure("alloc_bytes_per_item")),
            Column.<JmhRow<Config>>of("perfnorm", "", "`ok`, or `n/a: <reason>` where the box cannot count (see perfnorm).",
                    JmhRow::perfnorm),
            Column.<JmhRow<Config>>of("cycles_per_op", "cycles/op", "CPU cycles per JMH op (one op moves `items` items; "
                    + "see perfnorm).", r -> r.perForkMedian("cycles_per_op")),
            Column.<JmhRow<Config>>of("instructions_per_op", "instructions/op", "instructions per JMH op (see perfnorm).",
                    r -> r.perForkMedian("instructions_per_op")),
            Column.<JmhRow<Config>>of("cache_misses_per_op", "misses/op", "cache misses per JMH op (see perfnorm).",
                    r -> r.perForkMedian("cache_misses_per_op")),
            Column.<JmhRow<Config>>of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                    r -> r.status().render()),
            Column.<JmhRow<Config>>of("oversubscribed", "", "`threads` > `cpus` in some fork.",
                    r -> Boolean.toString(r.oversubscribed())).flag(Flag.OVERSUBSCRIBED),
            Column.<JmhRow<Config>>of("unstable", "", "the forks' times disagree by more than 2×; `unknown` with one fork.",
                    JmhRow::unstableCell).flag(Flag.UNSTABLE),
            Column.<JmhRow<Config>>of("warm_trend_p", "", "the warm-up check's p over each fork's measured iterations (see "
                    + "the warm-up check).", JmhRow::warmTrendP),
            Column.<JmhRow<Config>>of("not_warm", "", "`true` where `warm_trend_p` < 0.05, `unknown` where the iterations "
                    + "are too few for the test ever to reach it (see the warm-up check).", JmhRow::notWarm).flag(Flag.NOT_WARM),
            Column.<JmhRow<Config>>of("threads", "threads", "the producer and the consumer: 2.", JmhRow::threads),
            Column.<JmhRow<Config>>of("cpus", "CPUs", "the CPUs the trial ran on.", JmhRow::cpus)))
            .plus(RuntimeCells.<JmhRow<Config>>columns(JmhRow::runtime))
            // JMH's score error, which the interval over forks replaced before format 1's runs
            .retired("time_err_ms");

    private UnicastCsv() {
    }

    private static Function<JmhRow<Config>, String> figure(Function<JmhRow.Figures, String> cell) {
        return r -> r.figure(cell);
    }
}
