package handoff.harness.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A declared family "each row against the reference row" (docs/statistics.md §5): every testable row other than the
 * reference is compared with it ({@link Stats#shiftTest}: rounds as blocks), two-sided, Holm over the rows compared;
 * a row that is not significantly different is "alike" where its ratio is shown inside ±{@link Stats#MARGIN} (two
 * one-sided tests at α / m) and "cannot tell" otherwise. Controls are never passed in: the caller declares the rows.
 */
public final class VersusReference {
    /** One row's outcome: its comparison (row ÷ reference), the Holm-adjusted p and the verdict. */
    public record Outcome(Comparison test, double adjustedP, Verdict verdict) {
    }

    private final List<Outcome> outcomes;
    private final int family;

    private VersusReference(List<Outcome> outcomes, int family) {
        this.outcomes = outcomes;
        this.family = family;
    }

    /**
     * @param rows      per row its per-fork values (position = round), null where it has none
     * @param reference the index of the reference row
     */
    public static VersusReference of(List<double[]> rows, int reference) {
        int[] refs = new int[rows.size()];
        Arrays.fill(refs, reference);
        return of(rows, refs);
    }

    /**
     * As {@link #of(List, int)} with a reference per row (e.g. {@code baseline} at the row's own wait); -1 where a row
     * has none or is not in the family (a control).
     */
    public static VersusReference of(List<double[]> rows, int[] referenceOf) {
        int n = rows.size();
        Comparison[] c = new Comparison[n];
        double[] p = new double[n];
        Arrays.fill(p, Double.NaN);
        for (int i = 0; i < n; i++) {
            double[] ref = referenceOf[i] < 0 ? null : rows.get(referenceOf[i]);
            if (i == referenceOf[i] || ref == null || rows.get(i) == null) {
                continue;
            }
            c[i] = Stats.shiftTest(rows.get(i), ref);
            if (!Double.isNaN(c[i].p()) && c[i].nA() >= Stats.MIN_FORKS && c[i].nB() >= Stats.MIN_FORKS) { // a refused test stays in the family at p = 1
                p[i] = c[i].p();
            }
        }
        double[] adj = Holm.adjust(p);
        int m = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Verdict v = LogT.refused(c[i]) ? Verdict.CANNOT_TELL
                    : Double.isNaN(p[i]) ? Verdict.UNTESTED : Verdict.of(c[i], adj[i], Stats.ALPHA / Math.max(1, m));
            out.add(new Outcome(c[i], adj[i], v));
        }
        return new VersusReference(out, m);
    }

    public Outcome outcome(int row) {
        return outcomes.get(row);
    }

    /** Rows compared (the Holm family). */
    public int family() {
        return family;
    }

    /** The verdict of a row in words, e.g. "above (×10.2 [9.1, 11.4], p = 0.0004, paired t …, Holm over 7, α = 0.05)". */
    public String words(int row, String above, String below) {
        Outcome o = outcomes.get(row);
        if (o.test() == null) {
            return "";
        }
        return o.test().verdict(o.adjustedP(), family, above, below);
    }
}
