package handoff.harness.page;

import handoff.harness.results.CellCodec;
import handoff.harness.results.ColumnTable;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Schemas;
import handoff.harness.trial.BuildAxis;
import handoff.harness.trial.RuntimeAxes;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The lines of one CSV as a record {@code L} whose components are the columns a reader uses: the read side of a
 * file's column table, so a report part reads {@code line.p99Ns()} where it read {@code row.num("p99_ns")}, and a
 * column is spelled once per reader, in its {@link CellCodec}. A cell reads as {@link TextLine#get} reads it (trimmed; a
 * column the line lacks is the empty cell: "" for text, NaN for a number), so a reader moved onto a record prints what
 * it printed.
 *
 * <p>Every column the record reads must be one the file can hold. Where the file's {@link ColumnTable} is in reach
 * ({@link #of(MethodHandles.Lookup, ColumnTable, Class, Object...)}) that is checked when the reader is made, and a
 * line of an older format is upgraded by the table's steps. A file declared by a suite above the report (rtt.csv, say)
 * is checked against its registered schema ({@link CsvSchema#columns()}, with the runtime and build columns the readers
 * add) on the reader's first line ({@link #check}): a renamed column then fails every report of a run that has the
 * file, naming the record and the column, as {@code LinesTest} shows. Immutable.
 *
 * @param <L> the record, e.g. {@code RatioLine}
 */
public final class Lines<L extends Record> {
    private final String file;
    private final CellCodec<L> codec;
    private final ColumnTable<?> table;
    private volatile boolean checked;

    private Lines(String file, CellCodec<L> codec, ColumnTable<?> table) {
        this.file = file;
        this.codec = codec;
        this.table = table;
        this.checked = table != null;
    }

    /**
     * The reader of {@code file}'s lines as {@code type}, its components declared by {@code parts} as
     * {@link CellCodec#of} takes them; checked against the file's registered columns on its first line.
     */
    public static <L extends Record> Lines<L> of(MethodHandles.Lookup lookup, String file, Class<L> type, Object... parts) {
        return new Lines<>(file, CellCodec.of(lookup, type, parts), null);
    }

    /** The reader of {@code table}'s lines as {@code type}, checked against the table now ({@link ColumnTable#lines}). */
    public static <L extends Record> Lines<L> of(MethodHandles.Lookup lookup, ColumnTable<?> table, Class<L> type,
                                                 Object... parts) {
        return new Lines<>(table.file(), table.lines(lookup, type, parts), table);
    }

    public String file() {
        return file;
    }

    /** The columns the record reads, in component order. */
    public List<String> columns() {
        return codec.keys();
    }

    /** A row of the file as the record. */
    public L of(TextLine row) {
        if (!checked) {
            check(Schemas.registered());
            checked = true;
        }
        Map<String, String> cells = new LinkedHashMap<>(row.cells());
        if (table != null) {
            return table.line(codec, cells, row.format());
        }
        for (String c : codec.keys()) {
            cells.put(c, row.get(c));
        }
        return codec.read(cells);
    }

    /** Each row as the record, in order. */
    public List<L> of(List<TextLine> rows) {
        List<L> out = new ArrayList<>(rows.size());
        rows.forEach(r -> out.add(of(r)));
        return out;
    }

    /**
     * Checks the record's columns against {@code schemas}' declaration of the file: IllegalStateException naming the
     * record's column the file cannot hold. A file the schemas do not declare, or declare without its columns, is not
     * checked.
     */
    public void check(Schemas schemas) {
        if (!schemas.files().contains(file)) {
            return;
        }
        CsvSchema schema = schemas.get(file);
        if (schema.columns().isEmpty()) {
            return;
        }
        Set<String> known = new HashSet<>(schema.columns());
        known.addAll(RuntimeAxes.CONFIG);
        known.add(BuildAxis.CONFIG);
        for (String c : codec.keys()) {
            if (!known.contains(c)) {
                throw new IllegalStateException(codec.type().getSimpleName() + " reads column " + c + ", which " + file
                        + " does not have: renamed there?");
            }
        }
    }
}
