package handoff.harness.unicast;

import handoff.harness.page.TextLine;
import handoff.harness.results.CellCodec;
import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@code unicast.csv} as its figure reads it back, parsed once through the file's column table
 * ({@link UnicastCsv#TABLE}), each component a column of it. Texts the figure prints as the file holds them stay text.
 *
 * @param forks the {@code forks} cell as written
 */
record UnicastLine(String transport, String waitStrategy, double items, double nsPerItem, double nsPerItemLo,
                   double nsPerItemHi, double intervalLevel, String forks, double allocBytesPerItem) {
    static final CellCodec<UnicastLine> CODEC = UnicastCsv.TABLE.lines(MethodHandles.lookup(), UnicastLine.class,
            "transport", "wait=waitStrategy", "items", "ns_per_item", "ns_per_item_lo", "ns_per_item_hi",
            "interval_level", "forks", "alloc_bytes_per_item");

    /** A line of the report's rows of {@code unicast.csv}. */
    static UnicastLine of(TextLine row) {
        return UnicastCsv.TABLE.line(CODEC, row.cells(), row.format());
    }

    /** The time per item over forks with its interval ({@link TextLine#interval(double, double, double, double, double)}). */
    Stats.Interval perItem() {
        return TextLine.interval(nsPerItem, nsPerItemLo, nsPerItemHi, Cells.parse(forks), intervalLevel);
    }
}
