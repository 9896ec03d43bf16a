package handoff.harness.jmhsuite;

import handoff.harness.results.Cells;
import handoff.harness.stats.Stats;
import handoff.harness.stats.WarmTrend;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;
import handoff.harness.trial.Status;

import java.util.List;
import java.util.function.Function;

/**
 * One configuration's row of a JMH suite's CSV, typed: its forks folded ({@link JmhSuite#fold}). Its cells are what
 * the suite's column table prints ({@code PipelineCsv}, {@code UnicastCsv}); a row that is not ok shows its first
 * fork's own figures (those it records under the column's name, its why-metrics and counters) and nothing folded.
 *
 * @param measures the suite's measures, in the order the forks hold them
 * @param first    the configuration's first fork: its configuration and what a row that is not ok shows
 * @param status   ok when every fork is ok, else the first fork's status that is not
 * @param forks    how many forks (trials) the row folds
 * @param oversubscribed whether some fork ran more threads than CPUs
 * @param idlePolicy what the row's wait does in its transport, in words
 * @param figures  what the forks measured; null unless {@code status} is ok
 */
public record JmhRow<C extends JmhConfig>(List<JmhMeasure<C>> measures, JmhFork<C> first, Status status, int forks, boolean oversubscribed,
                        String idlePolicy, Figures figures) {

    /**
     * What an ok row's forks measured.
     *
     * @param medians        each measure's median over the forks that have it; NaN where none has
     * @param primary        the position of the primary measure, whose cell is {@code interval}'s centre
     * @param interval       the primary measure's median over forks with its distribution-free interval
     * @param perFork        the primary measure of each fork, in fork order
     * @param unstable       the forks' primary values disagree by more than {@link Forks#UNSTABLE_RATIO}; null with
     *                       one fork (unknown)
     * @param perForkMedians each of {@link JmhSuite#PER_FORK_MEDIANS}'s median over forks; null where the first fork
     *                       has none
     * @param warm           the warm-up check over each fork's measured iterations; null where nothing was tested
     */
    public record Figures(double[] medians, int primary, Stats.Interval interval, double[] perFork, double min,
                          double max, Boolean unstable, Double[] perForkMedians, WarmTrend.Result warm) {
    }

    /** The suite's configuration, as the first fork records it. */
    public C config() {
        return first.config();
    }

    /**
     * The cell of measure {@code column}: its median over forks (the primary's interval centre); on a row that is not
     * ok, the first fork's own figure where it records one ({@link JmhMeasure#recorded}), else empty.
     */
    public String measure(String column) {
        int i = JmhMeasure.indexOf(measures, column);
        if (figures == null) {
            Double v = first.recorded()[i];
            return v == null ? "" : Cells.format(v);
        }
        return Cells.format(i == figures.primary() ? figures.interval().centre() : figures.medians()[i]);
    }

    /** The cell of one of {@link JmhSuite#PER_FORK_MEDIANS}: its median over forks, or the first fork's value. */
    public String perForkMedian(String column) {
        int i = JmhSuite.PER_FORK_MEDIANS.indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException(column + " is not folded per fork");
        }
        if (figures == null) {
            Double v = first.perFork()[i];
            return v == null ? "" : Cells.format(v);
        }
        Double m = figures.perForkMedians()[i];
        return m == null ? "" : Cells.format(m);
    }

    /** A cell of an ok row's figures; empty on a row that is not ok. */
    public String figure(Function<Figures, String> cell) {
        return figures == null ? "" : cell.apply(figures);
    }

    /** The primary measure's per-fork values, {@code ;}-separated ({@link Forks#joined}). */
    public String perForkValues() {
        return figure(f -> Forks.joined(f.perFork()));
    }

    public String unstableCell() {
        return figure(f -> f.unstable() == null ? "unknown" : Boolean.toString(f.unstable()));
    }

    public String warmTrendP() {
        return figure(f -> f.warm() == null ? "" : Cells.format(f.warm().p()));
    }

    public String notWarm() {
        return figure(f -> f.warm() == null ? "" : f.warm().flag());
    }

    public String perfnorm() {
        return text(first.perfnorm());
    }

    public String threads() {
        return first.threads() == null ? "" : Integer.toString(first.threads());
    }

    public String cpus() {
        return first.cpus() == null ? "" : Integer.toString(first.cpus());
    }

    public RuntimeCells runtime() {
        return first.runtime();
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
