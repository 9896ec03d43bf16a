package handoff.harness.results;

import java.util.Locale;

/**
 * One measured column of a suite's CSV, as a suite declares it in its {@link Schema}: which way is better, its unit,
 * and the columns that describe its spread over forks. Where the suite keeps one value per fork, they are in
 * {@code <column>_forks} ({@code ;}-separated, fork order), and runs are compared on those by a stated test.
 *
 * @param column the CSV column, e.g. {@code p99_ns}
 * @param label  how comparisons name it, e.g. {@code RTT p99}
 * @param better which way is better
 * @param unit   the unit of a value, e.g. {@code ns}, {@code events/s}; a row's own {@code unit} cell wins where the
 *               file has one (the JMH suites' scores)
 * @param lo     the column of the lower end of its spread (an interval over forks), or null
 * @param hi     the column of the upper end, or null
 * @param err    the column of a ± half-width (JMH's error), or null
 */
public record Metric(String column, String label, Better better, String unit, String lo, String hi, String err) {
    /** Which way a metric improves. */
    public enum Better {
        HIGHER, LOWER;

        /** {@code higher} or {@code lower}, as written in summary.json and the compare verdict. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A metric where more is better (throughput, goodput). */
    public static Metric higher(String column, String label, String unit) {
        return new Metric(column, label, Better.HIGHER, unit, null, null, null);
    }

    /** A metric where less is better (latency, time, bytes). */
    public static Metric lower(String column, String label, String unit) {
        return new Metric(column, label, Better.LOWER, unit, null, null, null);
    }

    /** The same metric with its spread read from a lower and an upper column. */
    public Metric spread(String loColumn, String hiColumn) {
        return new Metric(column, label, better, unit, loColumn, hiColumn, err);
    }

    /** The same metric with its spread read from a ± half-width column. */
    public Metric error(String errColumn) {
        return new Metric(column, label, better, unit, lo, hi, errColumn);
    }

    public boolean higherIsBetter() {
        return better == Better.HIGHER;
    }
}
