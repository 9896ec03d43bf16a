package handoff.harness.results;

import java.util.List;
import java.util.Map;

/**
 * What one CSV of a suite holds, declared once by the suite ({@link Schema}) and read by the report, {@code compare}
 * and summary.json: the columns that name a configuration, the columns that match a row across runs, the metrics
 * with their direction, and the flags a row can carry. The runtime columns of a swept run ({@code jdk}, {@code gc},
 * {@code thread_kind}) are added by the readers, never declared.
 *
 * @param file    the file name in the run folder, e.g. {@code rtt.csv}
 * @param keys    the columns that identify a configuration
 * @param match   the columns that match a row with its like in another run (the keys, unless a key differs between
 *                runs by design: the open loop's offered rate is a fraction of each run's own measured rate)
 * @param metrics the measured columns runs are compared on, headline first
 * @param flags   the flags its rows can carry
 * @param format  the format of the file this build writes ({@link ColumnTable#format()}), which a run's manifest
 *                stamps
 * @param columns every column a line of the file can hold, optional ones too ({@link ColumnTable#columns()}): what a
 *                typed reader of the file may read; empty where the file was declared without its table (a made-up
 *                suite's), which nothing checks against
 */
public record CsvSchema(String file, List<String> keys, List<String> match, List<Metric> metrics, List<Flag> flags,
                        int format, List<String> columns) {
    public CsvSchema {
        keys = List.copyOf(keys);
        match = List.copyOf(match);
        metrics = List.copyOf(metrics);
        flags = List.copyOf(flags);
        columns = List.copyOf(columns);
    }

    /** A file of format {@code format} declared without its columns. */
    public CsvSchema(String file, List<String> keys, List<String> match, List<Metric> metrics, List<Flag> flags,
                     int format) {
        this(file, keys, match, metrics, flags, format, List.of());
    }

    /** A file of the first format. */
    public CsvSchema(String file, List<String> keys, List<String> match, List<Metric> metrics, List<Flag> flags) {
        this(file, keys, match, metrics, flags, 1);
    }

    /** The same file with every column it can hold ({@link #columns}). */
    public CsvSchema withColumns(List<String> all) {
        return new CsvSchema(file, keys, match, metrics, flags, format, all);
    }

    /** A file named by its key columns (which also match it across runs), no metrics or flags yet. */
    public static CsvSchema of(String file, String... keys) {
        return new CsvSchema(file, List.of(keys), List.of(keys), List.of(), List.of());
    }

    /** The same file matched across runs on other columns than its keys. */
    public CsvSchema matchOn(String... columns) {
        return new CsvSchema(file, keys, List.of(columns), metrics, flags, format, this.columns);
    }

    public CsvSchema metrics(Metric... m) {
        return new CsvSchema(file, keys, match, List.of(m), flags, format, columns);
    }

    public CsvSchema flags(Flag... f) {
        return new CsvSchema(file, keys, match, metrics, List.of(f), format, columns);
    }

    /** The same file in format {@code f} ({@link #format}). */
    public CsvSchema inFormat(int f) {
        return new CsvSchema(file, keys, match, metrics, flags, f, columns);
    }

    /** The names of the flags the row raises, in declaration order. */
    public List<String> raised(Map<String, String> row) {
        return flags.stream().filter(f -> f.raisedBy(row.get(f.column()))).map(Flag::name).toList();
    }
}
