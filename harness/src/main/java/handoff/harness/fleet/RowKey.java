package handoff.harness.fleet;

import java.util.List;

/**
 * The key cells of one suite row: the columns that name its configuration (its file's keys and match columns, the
 * runtime axes), each with the row's value, in the file's order. What tells one configuration of a run from another
 * in the tidy table and in a fleet database; a column the row lacks is absent and reads empty.
 *
 * @param cells the key cells, in order
 */
public record RowKey(List<Cell> cells) {
    /** One key column and the row's value in it. */
    public record Cell(String column, String value) {
    }

    public RowKey {
        cells = List.copyOf(cells);
    }

    /** The row's value in a key column; empty where the row has none. */
    public String get(String column) {
        for (Cell c : cells) {
            if (c.column().equals(column)) {
                return c.value();
            }
        }
        return "";
    }
}
