package handoff.harness.stats;

import java.util.Arrays;
import java.util.List;

/**
 * A table's comparisons corrected together (Holm over the table, docs/statistics.md): each comparison's Holm-adjusted
 * p and its verdict's words ({@link Comparison#verdict}) at the size of the family, the comparisons with a p.
 *
 * @param tests    the table's comparisons, in the order of its tested rows
 * @param adjusted each one's Holm-adjusted p (NaN where it has none)
 * @param family   how many of them have a p (at least 1)
 */
public record Verdicts(List<Comparison> tests, double[] adjusted, int family) {

    /** The table's comparisons, Holm-corrected together. */
    public static Verdicts holm(List<Comparison> tests) {
        double[] p = tests.stream().mapToDouble(Comparison::p).toArray();
        int family = Math.max(1, (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count());
        return new Verdicts(List.copyOf(tests), Holm.adjust(p), family);
    }

    /**
     * The {@code i}th comparison's verdict words.
     *
     * @param above the word for a ratio significantly above 1, e.g. {@code faster}
     * @param below the word for one below 1
     */
    public String word(int i, String above, String below) {
        return tests.get(i).verdict(adjusted[i], family, above, below);
    }
}
