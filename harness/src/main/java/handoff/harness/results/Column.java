package handoff.harness.results;

import java.util.Objects;
import java.util.function.Function;

/**
 * One column of a suite's CSV, declared once in its {@link ColumnTable}: its name, its unit, what it means (its
 * README bullet), how a typed row of type {@code R} gives its cell text, and its role in the file's {@link CsvSchema}.
 * Everything else about the column (the header, the writer, the reader's check, the schema, the README) is derived.
 *
 * @param name     the header name, e.g. {@code drain_ms}
 * @param unit     the unit of a value, e.g. {@code ms}, {@code events/s}; empty for ids, words and flags
 * @param meaning  what a cell says, as the README's bullet prints it (Markdown, one paragraph)
 * @param cell     the cell text of a row; null only for an {@link #optional()} column the row does not have (an
 *                 unknown value is the empty cell, {@link Cells})
 * @param role     what the registry's schema makes of it
 * @param optional whether the column is written only where some row has it (the runtime columns of a swept run):
 *                 it is then documented with the column conventions, not in the file's own README section, and the
 *                 readers add it rather than the schema
 */
public record Column<R>(String name, String unit, String meaning, Function<R, String> cell, Role role, boolean optional) {
    /** What the schema makes of a column: plain, a key, a metric with its direction, or a flag. */
    public sealed interface Role {
        /** A column the schema does not name. */
        Role PLAIN = new Plain();
        /** A column that identifies a configuration (and matches a row across runs). */
        Role KEY = new Key();

        /** See {@link #PLAIN}. */
        record Plain() implements Role {
        }

        /** See {@link #KEY}. */
        record Key() implements Role {
        }

        /** A measured column runs are compared on. */
        record Measured(Metric metric) implements Role {
        }

        /** A column whose cell can raise a flag. */
        record Flagged(Flag flag) implements Role {
        }
    }

    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(meaning, "meaning");
        Objects.requireNonNull(cell, "cell");
        Objects.requireNonNull(role, "role");
        if (name.isEmpty() || !CsvFormat.cell(name).equals(name)) {
            throw new IllegalArgumentException("a column name must be non-empty and need no quoting: '" + name + "'");
        }
        if (role instanceof Role.Measured m && !m.metric().column().equals(name)) {
            throw new IllegalArgumentException("column " + name + " declares the metric of " + m.metric().column());
        }
        if (role instanceof Role.Flagged f && !f.flag().column().equals(name)) {
            throw new IllegalArgumentException("column " + name + " declares the flag of " + f.flag().column());
        }
    }

    /** A plain column. */
    public static <R> Column<R> of(String name, String unit, String meaning, Function<R, String> cell) {
        return new Column<>(name, unit, meaning, cell, Role.PLAIN, false);
    }

    /** The same column as a key of the configuration. */
    public Column<R> key() {
        return as(Role.KEY);
    }

    /** The same column as a metric where more is better, named {@code label} in comparisons. */
    public Column<R> higher(String label) {
        return as(new Role.Measured(Metric.higher(name, label, unit)));
    }

    /** The same column as a metric where less is better, named {@code label} in comparisons. */
    public Column<R> lower(String label) {
        return as(new Role.Measured(Metric.lower(name, label, unit)));
    }

    /** The same column as the one that raises {@code flag} (whose column must be this one). */
    public Column<R> flag(Flag flag) {
        return as(new Role.Flagged(flag));
    }

    /** The same column written only where some row has it ({@link #cell} gives null where a row has not). */
    public Column<R> asOptional() {
        return new Column<>(name, unit, meaning, cell, role, true);
    }

    private Column<R> as(Role r) {
        return new Column<>(name, unit, meaning, cell, r, optional);
    }

    /** The row's cell text, "" for a null (an optional column the row has not). */
    public String text(R row) {
        String v = cell.apply(row);
        return v == null ? "" : v;
    }

    /** Its README bullet: {@code - `name` (unit): meaning}, the unit left out where it has none. */
    public String bullet() {
        return "- `" + name + "`" + (unit.isEmpty() ? "" : " (" + unit + ")") + ": " + meaning;
    }
}
