package handoff.harness.latency;

import handoff.harness.page.TextLine;
import handoff.harness.results.CellCodec;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@code pipeline-capacity.csv} as the report reads it back, parsed once through the file's column table
 * ({@link LatencyCsv#CAPACITY}), each component a column of it; a number the line lacks is NaN.
 *
 * @param probeLog every probe, {@code rate:kept-up|fell-behind:p99_ns}, space-separated
 */
public record CapacityLine(String transport, String producers, String waitStrategy, String work, double sustainableEps,
                           double capacityAtBudgetEps, double budgetNs, String probeLog, double generatorEps) {
    static final CellCodec<CapacityLine> CODEC = LatencyCsv.CAPACITY.lines(MethodHandles.lookup(), CapacityLine.class,
            "transport", "producers", "wait=waitStrategy", "work", "sustainable_eps", "capacity_at_budget_eps",
            "budget_ns", "probe_log", "generator_eps");

    /** A line of the report's rows of {@code pipeline-capacity.csv}. */
    public static CapacityLine of(TextLine row) {
        return LatencyCsv.CAPACITY.line(CODEC, row.cells(), row.format());
    }
}
