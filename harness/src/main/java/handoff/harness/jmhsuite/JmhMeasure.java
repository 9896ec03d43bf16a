package handoff.harness.jmhsuite;

import handoff.harness.results.TrialProperties;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A column a JMH suite fills from each fork's JMH result, folded as the median over forks: its name, and how a fork's
 * trial gives its value (read at the trial boundary, once per fork, by {@link JmhFork#read}).
 *
 * @param column the CSV column, e.g. {@code throughput_eps}
 * @param read   the cell text of one fork's value from the trial's properties; empty or not a number where unknown
 */
public record JmhMeasure(String column, Function<TrialProperties, String> read) {
    /** The position of {@code column} in {@code measures}; throws where it is not one of them. */
    static int indexOf(List<JmhMeasure> measures, String column) {
        for (int i = 0; i < measures.size(); i++) {
            if (measures.get(i).column().equals(column)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no measure " + column + " among " + measures.stream().map(JmhMeasure::column).toList());
    }
}
