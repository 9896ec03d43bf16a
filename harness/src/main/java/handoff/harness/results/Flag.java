package handoff.harness.results;

import java.util.List;

/**
 * A row's mark that its numbers are not what they seem (its threads outnumbered the CPUs, its forks disagree, its
 * backlog reached its bound, it never warmed up or settled): such a row is shown, and never ranks or gates. A suite
 * declares the flags its file carries in its {@link Schema}.
 *
 * @param name   the flag as shown, e.g. {@code oversubscribed}, {@code not-steady}
 * @param column the CSV column that holds it
 * @param value  the cell value that raises it (case-insensitive), e.g. {@code true}, {@code not-steady}
 */
public record Flag(String name, String column, String value) {
    public static final Flag OVERSUBSCRIBED = bool("oversubscribed");
    public static final Flag UNSTABLE = bool("unstable");
    public static final Flag SATURATED = bool("saturated");
    public static final Flag NOT_WARM = new Flag("not-warm", "not_warm", "true");
    public static final Flag NOT_STEADY = new Flag("not-steady", "steady", "not-steady");
    /** The study's flags in the order every schema lists them (a {@link ColumnTable}'s schema too), a file's own after. */
    public static final List<Flag> ORDER = List.of(OVERSUBSCRIBED, UNSTABLE, SATURATED, NOT_WARM, NOT_STEADY);

    /** A flag held as {@code true} in a column of its own name. */
    public static Flag bool(String column) {
        return new Flag(column, column, "true");
    }

    /** Whether a cell of its column raises it. */
    public boolean raisedBy(String cell) {
        return cell != null && cell.trim().equalsIgnoreCase(value);
    }
}
