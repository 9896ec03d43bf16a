package handoff.harness.results;

import java.util.List;

/**
 * A suite's files, declared once where the suite is ({@code Suite.schema()}) and found through the suite registry
 * ({@link Schemas#registered()}): what the report, {@code compare} and summary.json know of a suite's CSVs. A suite
 * with no schema ({@link #NONE}) still has its files loaded and summarised, just without keys, metrics or flags.
 *
 * @param files its CSVs, in the order it writes them
 */
public record Schema(List<CsvSchema> files) {
    public static final Schema NONE = new Schema(List.of());

    public Schema {
        files = List.copyOf(files);
    }

    public static Schema of(CsvSchema... files) {
        return new Schema(List.of(files));
    }
}
