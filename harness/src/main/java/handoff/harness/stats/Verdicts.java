package handoff.harness.stats;

import handoff.harness.results.Cells;
import java.util.List;
import java.util.Map;

/**
 * A table's verdict column from its comparisons, corrected together (Holm over the table): the words of
 * {@link Comparison#verdict} go to the verdict column, the Holm-adjusted p to the p column.
 */
public final class Verdicts {
    private Verdicts() {
    }

    /**
     * @param rows    the rows compared, in the order of {@code tests}
     * @param verdict the column for the words, e.g. {@code vs_abq}
     * @param pCol    the column for the Holm-adjusted p-value
     * @param above   the word for a ratio significantly above 1, e.g. {@code faster}
     * @param below   the word for one below 1
     */
    public static void put(List<Map<String, String>> rows, List<Comparison> tests, String verdict, String pCol,
                           String above, String below) {
        double[] p = tests.stream().mapToDouble(Comparison::p).toArray();
        double[] adj = Holm.adjust(p);
        int family = (int) java.util.Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        for (int i = 0; i < rows.size(); i++) {
            rows.get(i).put(verdict, tests.get(i).verdict(adj[i], Math.max(1, family), above, below));
            rows.get(i).put(pCol, Cells.format(adj[i]));
        }
    }
}
