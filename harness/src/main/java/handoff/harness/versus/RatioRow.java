package handoff.harness.versus;

import handoff.harness.results.Cells;
import handoff.harness.stats.Comparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One row of {@code disruptor-ratio.csv}, typed: one pair of a trial's sides, numerator ÷ denominator over the pairs
 * of their forks, and its verdict. Built by {@link VersusCsv#fold}, judged by {@link VersusCsv#judge}; its cells are
 * {@link VersusCsv#RATIOS_TABLE}'s.
 *
 * @param test     the paired test over the forks' pairs; null unless the trial is ok
 * @param bimodal  each side of the pair whose forks split into two modes, in pair order; empty if none (or not ok)
 * @param unstable whether a side is bimodal or its forks spread more than {@code Forks.UNSTABLE_RATIO}×
 * @param verdict  null until judged, and on a row without a test
 */
record RatioRow(VersusTrial.Setup setup, String numerator, String denominator, Comparison test,
                Map<String, ScoreRow.Modes> bimodal, boolean unstable, Verdict verdict) {

    /**
     * A row's verdict.
     *
     * @param words   the verdict in words, with its test and level
     * @param pHolm   the Holm-adjusted p over the row's family; NaN for a row not judged
     * @param differs whether the adjusted p is at most {@code Stats.ALPHA}
     */
    record Verdict(String words, double pHolm, boolean differs) {
    }

    /** The ratio's sides, {@code numerator÷denominator}: the row's family. */
    String sides() {
        return numerator + "÷" + denominator;
    }

    /** The bimodal sides in words, e.g. {@code lmax 36.8 M / 173 M}, comma-separated; empty if none. */
    String bimodalText() {
        List<String> out = new ArrayList<>();
        bimodal.forEach((side, m) -> out.add(side + " " + Cells.format(m.low() / 1e6) + " M / " + Cells.format(m.high() / 1e6) + " M"));
        return String.join(", ", out);
    }

    RatioRow with(Verdict v) {
        return new RatioRow(setup, numerator, denominator, test, bimodal, unstable, v);
    }
}
