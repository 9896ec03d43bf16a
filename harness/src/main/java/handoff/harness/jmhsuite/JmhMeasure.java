package handoff.harness.jmhsuite;

import java.util.List;
import java.util.function.ToDoubleBiFunction;

/**
 * A column a JMH suite fills from each fork's JMH result, folded as the median over forks: its name, and how a fork's
 * result and the suite's configuration of it give its value (computed once per fork, by {@link JmhFork#read}).
 *
 * @param column   the CSV column, e.g. {@code throughput_eps}
 * @param value    one fork's value; NaN where unknown
 * @param recorded whether the column is a figure the fork's trial records under that name ({@code gc_count}): a row
 *                 that is not ok then shows its first fork's, as that fork recorded it; else it shows none
 * @param <C>      the suite's configuration of a trial
 */
public record JmhMeasure<C>(String column, ToDoubleBiFunction<JmhResult.Measured, C> value, boolean recorded) {
    /** A measure computed from a fork's result. */
    public static <C> JmhMeasure<C> of(String column, ToDoubleBiFunction<JmhResult.Measured, C> value) {
        return new JmhMeasure<>(column, value, false);
    }

    /** A measure the fork's trial records under the column's own name ({@link #recorded}). */
    public static <C> JmhMeasure<C> recorded(String column, ToDoubleBiFunction<JmhResult.Measured, C> value) {
        return new JmhMeasure<>(column, value, true);
    }

    /** The position of {@code column} in {@code measures}; throws where it is not one of them. */
    static int indexOf(List<? extends JmhMeasure<?>> measures, String column) {
        for (int i = 0; i < measures.size(); i++) {
            if (measures.get(i).column().equals(column)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no measure " + column + " among " + measures.stream().map(JmhMeasure::column).toList());
    }
}
