package handoff.harness.versus;

import handoff.harness.page.Lines;
import handoff.harness.page.TextLine;
import handoff.harness.stats.Stats;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@value VersusCsv#RATIOS} as the suite's report parts read it ({@link #LINES}, through
 * {@link VersusCsv#RATIOS_TABLE}): one pair of sides' ratio with its interval and verdict. Texts stay as the file
 * holds them; a number the line lacks is NaN.
 *
 * @param sides   e.g. {@code disruptor÷lmax}; empty in a file from before the triple
 * @param pairs   the pairs of forks, as written
 * @param verdict the verdict's words, or why the row is not judged; empty on a row without a test
 * @param differs whether the Holm-adjusted p is at most the study's α ({@code true} only)
 */
record PairLine(String benchmark, String waitStrategy, String sides, double ratio, double ratioLo, double ratioHi,
                double intervalLevel, String pairs, String verdict, boolean differs, String bimodal) {
    static final Lines<PairLine> LINES = Lines.of(MethodHandles.lookup(), VersusCsv.RATIOS_TABLE, PairLine.class,
            "benchmark", "wait=waitStrategy", "sides", "ratio", "ratio_lo", "ratio_hi", "interval_level", "pairs",
            "verdict", "differs", "bimodal");

    static PairLine of(TextLine row) {
        return LINES.of(row);
    }

    /**
     * The ratio with its interval, as {@code TextLine.interval("ratio", "ratio_lo", "ratio_hi")} gave it: the file has no
     * {@code forks} column, so an interval with both ends counts as one of two forks or more.
     */
    Stats.Interval interval() {
        return TextLine.interval(ratio, ratioLo, ratioHi, Double.NaN, intervalLevel);
    }

    /** Whether the ratio is ours ÷ LMAX (every row of a file that predates {@code sides}), not the control or the triple's others. */
    boolean oursVsLmax() {
        return sides.isEmpty() || sides.equals(VersusCsv.OURS + "÷" + VersusCsv.LMAX);
    }

    /** Whether the ratio compares a slip-off side: the ring alone or the slip alone. */
    boolean slipFamily() {
        return sides.equals(VersusCsv.NO_SLIP + "÷" + VersusCsv.LMAX) || sides.equals(VersusCsv.OURS + "÷" + VersusCsv.NO_SLIP);
    }

    /** The benchmark and wait, {@code benchmark/wait}: a triple's three lines share it. */
    String row() {
        return benchmark + "/" + waitStrategy;
    }
}
