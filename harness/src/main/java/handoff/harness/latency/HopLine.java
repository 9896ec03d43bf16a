package handoff.harness.latency;

import handoff.harness.page.TextLine;
import handoff.harness.results.CellCodec;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@code pipeline-hops.csv} as the report reads it back, parsed once through the file's column table
 * ({@link LatencyCsv#HOPS}), each component a column of it. Texts it joins on stay text; a number the line lacks is
 * NaN.
 *
 * @param offeredEps the latency row's {@code offered_eps} as written (rows join on it)
 */
public record HopLine(String transport, String producers, String waitStrategy, String work, String offeredEps,
                      String hop, double meanNs, double p50Ns, double p90Ns, double p99Ns, double p999Ns, double maxNs) {
    static final CellCodec<HopLine> CODEC = LatencyCsv.HOPS.lines(MethodHandles.lookup(), HopLine.class, "transport",
            "producers", "wait=waitStrategy", "work", "offered_eps", "hop", "mean_ns", "p50_ns", "p90_ns", "p99_ns",
            "p999_ns", "max_ns");

    /** A line of the report's rows of {@code pipeline-hops.csv}. */
    public static HopLine of(TextLine row) {
        return LatencyCsv.HOPS.line(CODEC, row.cells(), row.format());
    }
}
