package handoff.harness.report;

import handoff.harness.page.Lines;
import handoff.harness.page.TextLine;
import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@code disruptor-ratio.csv} as the study's report reads it ({@link #LINES}, checked against the file's
 * columns): ours ÷ LMAX, or the other sides it names, with its interval, test and verdict. Texts stay as the file
 * holds them; a number the line lacks is NaN.
 *
 * @param sides   e.g. {@code disruptor÷lmax}
 * @param verdict the verdict's words, or why the row is not judged; "" on a row of a run from before verdicts
 * @param pairs   the pairs of forks, as written ("" where the row has no test)
 */
public record RatioLine(String benchmark, String waitStrategy, String sides, double ratio, double ratioLo,
                        double ratioHi, double intervalLevel, String pairs, double p, double pHolm, String test,
                        String verdict, String differs, String bimodal, String status, String unstable) {
    /** The file, as the DisruptorSuite declares it. */
    public static final String FILE = "disruptor-ratio.csv";

    /** The reader of {@code disruptor-ratio.csv}'s lines. */
    public static final Lines<RatioLine> LINES = Lines.of(MethodHandles.lookup(), FILE, RatioLine.class,
            "benchmark", "wait=waitStrategy", "sides", "ratio", "ratio_lo", "ratio_hi", "interval_level", "pairs", "p",
            "p_holm", "test", "verdict", "differs", "bimodal", "status", "unstable");

    /** A row of {@code disruptor-ratio.csv} as its line. */
    public static RatioLine of(TextLine row) {
        return LINES.of(row);
    }

    /** {@link #pairs} as a number; NaN where empty. */
    public double pairCount() {
        return Cells.parse(pairs);
    }

    /** The ratio with its interval over {@link #pairCount} pairs ({@link TextLine#interval(double, double, double, double, double)}). */
    public Stats.Interval interval() {
        return TextLine.interval(ratio, ratioLo, ratioHi, pairCount(), intervalLevel);
    }
}
