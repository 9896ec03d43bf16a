package handoff.harness.pipelinereport;

import handoff.harness.page.Lines;
import handoff.harness.page.TextLine;

import java.lang.invoke.MethodHandles;

/**
 * One line of {@value SameRateLatencyFigure#FILE} as the decision table reads it ({@link #LINES}): the rate offered,
 * the load's own verdicts with their fork counts, and the CPUs the idle pipeline burned. Texts stay as the file holds
 * them; a number the line lacks is NaN.
 *
 * @param saturatedForks the count, saturated forks / forks, as written; likewise {@code steadyForks}
 */
record LoadLine(double offeredEps, String saturated, String saturatedForks, String steady, String steadyForks,
                double idleCpus) {
    static final Lines<LoadLine> LINES = Lines.of(MethodHandles.lookup(), SameRateLatencyFigure.FILE, LoadLine.class,
            "offered_eps", "saturated", "saturated_forks", "steady", "steady_forks", "idle_cpus");

    static LoadLine of(TextLine row) {
        return LINES.of(row);
    }
}
