package handoff.harness.results;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The columns of one CSV, in file order, over a typed row {@code R}: the one place a file's columns are named. Its
 * header, the CSV text of a list of rows ({@link CsvFormat}'s quoting), the {@link CsvSchema} the suite registers,
 * the reader's check of a file against the header, and the file's README lines are all derived from it, so a column
 * is added (or renamed) in one place. It reads a line back as well: into a record whose components are its columns
 * ({@link #lines}), from any format the file was written in ({@link #format(Collection, int)}), each older one
 * upgraded by its step ({@link #added}, {@link #upgraded}). Immutable.
 *
 * @param <R> the row type, e.g. {@code OverloadRow}
 */
public final class ColumnTable<R> {
    private final String file;
    private final List<Column<R>> columns;
    private final List<Format> formats;
    /** Columns an older format had that this one no longer writes. */
    private final Set<String> retired;

    /**
     * One format of the file after its first: the columns it added, and what else its upgrade does to a line of the
     * format before (nothing, for most).
     */
    private record Format(List<String> added, UnaryOperator<Map<String, String>> step) {
    }

    private ColumnTable(String file, List<Column<R>> columns, List<Format> formats, Set<String> retired) {
        this.file = file;
        this.columns = List.copyOf(columns);
        this.formats = List.copyOf(formats);
        this.retired = Set.copyOf(retired);
        Set<String> seen = new HashSet<>();
        for (Column<R> c : this.columns) {
            if (!seen.add(c.name())) {
                throw new IllegalArgumentException(file + ": column " + c.name() + " declared twice");
            }
        }
        for (Format f : this.formats) {
            for (String a : f.added()) {
                if (!seen.contains(a)) {
                    throw new IllegalArgumentException(file + ": format " + format() + " adds " + a
                            + ", which is not one of its columns");
                }
            }
        }
    }

    /** The columns of {@code file}, in the order it holds them. */
    public static <R> ColumnTable<R> of(String file, List<Column<R>> columns) {
        return new ColumnTable<>(file, columns, List.of(), Set.of());
    }

    /** The same file with {@code more} columns after these. */
    public ColumnTable<R> plus(List<Column<R>> more) {
        List<Column<R>> all = new ArrayList<>(columns);
        all.addAll(more);
        return new ColumnTable<>(file, all, formats, retired);
    }

    /**
     * The same file with one more format: the next after {@link #format()}, which added {@code columns}. A line of an
     * older format reads them as empty cells (as a reader has always found a column its file did not have).
     */
    public ColumnTable<R> added(String... columns) {
        return upgrade(UnaryOperator.identity(), columns);
    }

    /**
     * {@link #added}, with {@code step} as the rest of the upgrade of a line of the format before (its cells, the added
     * columns already empty), e.g. the words a column of the new format says where the old one could not.
     */
    public ColumnTable<R> upgrade(UnaryOperator<Map<String, String>> step, String... columns) {
        List<Format> all = new ArrayList<>(formats);
        all.add(new Format(List.of(columns), step));
        return new ColumnTable<>(file, this.columns, all, retired);
    }

    /** The same file, whose older formats had {@code columns}, which this one no longer writes: a line read drops them. */
    public ColumnTable<R> retired(String... columns) {
        Set<String> all = new HashSet<>(retired);
        all.addAll(List.of(columns));
        return new ColumnTable<>(file, this.columns, formats, all);
    }

    /** The format this build writes: 1, then one more per {@link #added} step. */
    public int format() {
        return 1 + formats.size();
    }

    /**
     * The format of a file with this header, as its run stamped it ({@code stamp}, the manifest's {@code csv_formats};
     * 0 for a run from before the stamps), else the latest whose added columns the header holds: the one place a file's
     * format is read. Every column of the header must be one of the table's: a renamed column, or a file of a newer
     * format than this build writes, fails here (IllegalArgumentException naming the file, and the column or format);
     * a column the file lacks reads as empty.
     */
    public int format(Collection<String> header, int stamp) {
        if (stamp > format()) {
            throw new IllegalArgumentException(file + " is of format " + stamp + "; this build reads formats up to "
                    + format());
        }
        Set<String> known = new HashSet<>(names(c -> true));
        known.addAll(retired);
        for (String h : header) {
            if (!known.contains(h)) {
                throw new IllegalArgumentException(file + ": column " + h + " is not one of its columns (format "
                        + format() + "): renamed, or of a newer format than this build reads");
            }
        }
        if (stamp > 0) {
            return stamp;
        }
        for (int f = formats.size(); f >= 1; f--) {
            if (formats.get(f - 1).added().stream().anyMatch(header::contains)) {
                return f + 1;
            }
        }
        return 1;
    }

    /** A line's cells by column name, of its format ({@link #format(Collection, int)}), upgraded step by step to this build's. */
    public Map<String, String> upgraded(Map<String, String> cells, int stamp) {
        Map<String, String> out = new LinkedHashMap<>(cells);
        int format = format(cells.keySet(), stamp);
        out.keySet().removeAll(retired);
        for (Format f : formats.subList(format - 1, formats.size())) {
            for (String c : f.added()) {
                out.putIfAbsent(c, "");
            }
            out = new LinkedHashMap<>(f.step().apply(out));
        }
        return out;
    }

    /**
     * The codec of a record that a line of this file reads into ({@link CellCodec}), each of its keys a column of the
     * table: a component whose column this table does not have (renamed, say) fails here, when its class is loaded.
     */
    public <L extends Record> CellCodec<L> lines(MethodHandles.Lookup lookup, Class<L> type, Object... parts) {
        CellCodec<L> codec = CellCodec.of(lookup, type, parts);
        Set<String> known = new HashSet<>(names(c -> true));
        for (String k : codec.keys()) {
            if (!known.contains(k)) {
                throw new IllegalArgumentException(type.getSimpleName() + " reads column " + k + ", which " + file
                        + " does not have");
            }
        }
        return codec;
    }

    /**
     * A line's record: its cells ({@link #upgraded}, each trimmed, a column the line lacks empty) read by {@code codec}
     * ({@link #lines}).
     */
    public <L extends Record> L line(CellCodec<L> codec, Map<String, String> cells, int stamp) {
        Map<String, String> current = upgraded(cells, stamp);
        current.replaceAll((k, v) -> v == null ? "" : v.trim());
        columns.forEach(c -> current.putIfAbsent(c.name(), ""));
        return codec.read(current);
    }

    /** The file name in the run folder, e.g. {@code overload.csv}. */
    public String file() {
        return file;
    }

    public List<Column<R>> columns() {
        return columns;
    }

    /** The header every file has: the columns that are not optional, in order. */
    public List<String> header() {
        return names(c -> !c.optional());
    }

    /** The header of a file of these rows: {@link #header()} and the optional columns some row has. */
    public List<String> header(List<R> rows) {
        return names(c -> !c.optional() || rows.stream().anyMatch(r -> c.cell().apply(r) != null));
    }

    private List<String> names(Predicate<Column<R>> which) {
        return columns.stream().filter(which).map(Column::name).toList();
    }

    /** A row's cells by column name, in order; an optional column only where the row has it. */
    public Map<String, String> cells(R row) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Column<R> c : columns) {
            String v = c.cell().apply(row);
            if (v != null || !c.optional()) {
                m.put(c.name(), v == null ? "" : v);
            }
        }
        return m;
    }

    /** {@link #cells} of each row, in order: the rows where they cross to code that reads maps. */
    public List<Map<String, String>> cells(List<R> rows) {
        return rows.stream().map(this::cells).toList();
    }

    /** The file's text: {@link #header(List)}, then one line per row. */
    public String render(List<R> rows) {
        return CsvFormat.render(header(rows), cells(rows));
    }

    /**
     * What the registry knows of the file: its key columns (which also match a row across runs), its metrics
     * (headline first: the first declared), each in column order, and its flags in the study's order ({@link Flag#ORDER}),
     * a flag of its own after those in column order. Optional columns are left out (the readers add the runtime columns).
     */
    public CsvSchema schema() {
        List<String> keys = new ArrayList<>();
        List<Metric> metrics = new ArrayList<>();
        List<Flag> flags = new ArrayList<>();
        for (Column<R> c : columns) {
            if (c.optional()) {
                continue;
            }
            if (c.role() instanceof Column.Role.Key) {
                keys.add(c.name());
            } else if (c.role() instanceof Column.Role.Measured m) {
                metrics.add(m.metric());
            } else if (c.role() instanceof Column.Role.Flagged f) {
                flags.add(f.flag());
            }
        }
        flags.sort(Comparator.comparingInt(f -> Flag.ORDER.contains(f) ? Flag.ORDER.indexOf(f) : Flag.ORDER.size()));
        return new CsvSchema(file, keys, keys, metrics, flags, format(), names(c -> true));
    }

    /**
     * The rows of a file's text, each its cells by column name, after checking the text against the table: every
     * column of {@link #header()} present, none other than an optional one, none twice, and no row with more or fewer
     * cells than the header. Throws IllegalArgumentException naming the file, and the column or line at fault.
     */
    public List<Map<String, String>> read(String text) {
        String[] lines = text.split("\r?\n");
        List<String> head = lines.length == 0 ? List.of() : CsvFormat.split(lines[0]);
        Set<String> known = new HashSet<>(names(c -> true));
        Set<String> seen = new HashSet<>();
        for (String h : head) {
            if (!known.contains(h)) {
                throw new IllegalArgumentException(file + ": column " + h + " is not one of its columns");
            }
            if (!seen.add(h)) {
                throw new IllegalArgumentException(file + ": column " + h + " appears twice");
            }
        }
        for (String h : header()) {
            if (!seen.contains(h)) {
                throw new IllegalArgumentException(file + ": column " + h + " is missing");
            }
        }
        List<Map<String, String>> rows = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            List<String> cells = CsvFormat.split(lines[i]);
            if (cells.size() != head.size()) {
                throw new IllegalArgumentException(file + ": line " + (i + 1) + " has " + cells.size() + " cells, the header "
                        + head.size());
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int c = 0; c < head.size(); c++) {
                row.put(head.get(c), cells.get(c));
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * The file's lines in results/README.md under its heading: the header in backticks, a blank line, then one bullet
     * per column ({@link Column#bullet()}), wrapped at {@link #README_WIDTH} characters as the README is, continued two
     * spaces in. Optional columns are documented with the column conventions instead.
     */
    public List<String> readme() {
        List<String> out = new ArrayList<>();
        out.add("`" + String.join(",", header()) + "`");
        out.add("");
        columns.stream().filter(c -> !c.optional()).forEach(c -> out.addAll(wrap(c.bullet())));
        return out;
    }

    /** The width results/README.md's prose is wrapped at. */
    static final int README_WIDTH = 116;

    /** A bullet's lines: broken at spaces before {@link #README_WIDTH}, each further line indented two spaces. */
    static List<String> wrap(String bullet) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : bullet.split(" ")) {
            if (line.length() > 2 && line.length() + 1 + word.length() > README_WIDTH) {
                lines.add(line.toString());
                line.setLength(0);
                line.append("  ");
            } else if (line.length() > 0 && !line.toString().equals("  ")) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }
}
