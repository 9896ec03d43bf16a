package handoff.harness.gate;

import handoff.harness.page.NumberText;
import handoff.harness.page.TextLine;
import handoff.harness.report.Declared;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Metric;
import handoff.harness.stats.Comparison;

import java.util.List;

/**
 * One metric of one row two runs share: the two values, their ratio b/a, each run's per-fork values (null where the
 * file keeps none), the flags either row raises, and what the stated tests said of it: the two-sided test that b
 * differs from a ({@link Comparer}) and the regression gate's one-sided test ({@link Gate}).
 */
final class ComparedMetric {
    /** What the two-sided test says of b against a. */
    enum Kind { BETTER, WORSE, ALIKE, CANNOT_TELL, UNTESTED }

    final CsvSchema file;
    final Metric metric;
    final String config;
    final double a;
    final double b;
    final double ratio;
    final double[] forksA;
    final double[] forksB;
    final List<String> flags;
    /** Whether a declared headline question holds this metric of this row ({@link Declared#headline}): the gate tests it. */
    final boolean headline;
    /** The two rows' spread intervals ({@link #spread}), null where none is recorded: for the figure's untested rows. */
    final double[] spreadA;
    final double[] spreadB;
    /** The two-sided test of b against a ({@link Stats#acrossRuns}) (ratio b/a), null where a run has no per-fork values. */
    Comparison test;
    /** Its p after Holm over the comparison's tested lines; NaN where untested. */
    double pHolm = Double.NaN;
    Kind kind = Kind.UNTESTED;
    /** The verdict in words, with its test and level. */
    String verdict = "";

    ComparedMetric(CsvSchema file, Metric metric, String config, TextLine ra, TextLine rb, List<String> flags) {
        this.file = file;
        this.metric = metric;
        this.config = config;
        this.a = ra.num(metric.column());
        this.b = rb.num(metric.column());
        this.ratio = NumberText.div(b, a);
        this.forksA = ra.forks(metric.column());
        this.forksB = rb.forks(metric.column());
        this.flags = List.copyOf(flags);
        this.headline = Declared.headline(file.file(), metric.column(), ra);
        this.spreadA = spread(metric, ra);
        this.spreadB = spread(metric, rb);
    }

    /** [lo, hi] of a row's spread (its lo/hi columns, else ± its error column), or null when the row records none. */
    static double[] spread(Metric m, TextLine r) {
        double v = r.num(m.column());
        if (m.lo() != null && !Double.isNaN(r.num(m.lo())) && !Double.isNaN(r.num(m.hi()))) {
            return new double[] {Math.min(r.num(m.lo()), v), Math.max(r.num(m.hi()), v)};
        }
        if (m.err() != null && !Double.isNaN(r.num(m.err())) && !Double.isNaN(v)) {
            return new double[] {v - r.num(m.err()), v + r.num(m.err())};
        }
        return null;
    }

    boolean flagged() {
        return !flags.isEmpty();
    }

    /** The metric's label and the row, e.g. {@code RTT p99: transport=abq producers=1}. */
    String name() {
        return metric.label() + ": " + config;
    }

    /** A value in its metric's unit ({@link NumberText#byColumn}, else the number and the declared unit). */
    String format(double v) {
        String s = NumberText.byColumn(metric.column(), v);
        return s.equals(NumberText.num(v)) && !Double.isNaN(v) && metric.unit() != null && !metric.unit().isEmpty() ? s + " " + metric.unit() : s;
    }

    /** Flags as the tables show them. */
    String flagWords() {
        return flags.isEmpty() ? "" : "**" + String.join("** **", flags) + "**";
    }
}
