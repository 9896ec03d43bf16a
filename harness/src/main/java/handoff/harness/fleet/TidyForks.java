package handoff.harness.fleet;

import handoff.harness.page.CsvFile;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.results.CsvFormat;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Metric;
import handoff.harness.results.Schemas;
import handoff.harness.trial.RuntimeAxes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A run's per-fork values as one long table (README "Many boxes"): for every file a suite declares, every ok row,
 * every declared metric whose {@code <metric>_forks} cell holds one value per fork ({@link TextLine#forks}), one line per
 * fork. A row whose {@code forks} cell says 1 and that has no per-fork cell gives its metric cell as fork 0; any other
 * row without one gives nothing (its cell is a summary over forks or pairs, not a fork's value). Files, keys, metrics and flags are the suites' own
 * declarations ({@link Schemas}), never a list here.
 */
public final class TidyForks {
    /** The file name in a run folder and the default of {@code export}. */
    public static final String FILE = "forks.csv";

    /**
     * Every key and match column of the registry's files, then the runtime columns, each once; a key that is also a run fact
     * ({@code gc}) is carried by the fact column, which takes the row's value.
     */
    public static final List<String> KEY_COLUMNS = keyColumns(Schemas.registered());

    private TidyForks() {
    }

    static List<String> keyColumns(Schemas schemas) {
        Set<String> k = new LinkedHashSet<>();
        for (CsvSchema f : schemas.all()) {
            k.addAll(f.keys());
            k.addAll(f.match());
        }
        k.addAll(RuntimeAxes.CONFIG);
        k.removeAll(RunFacts.COLUMNS);
        return List.copyOf(k);
    }

    /** Every per-fork value of the run, in file, row and metric order. */
    public static List<ForkValue> of(RunData run) {
        List<ForkValue> out = new ArrayList<>();
        for (Map.Entry<String, CsvFile> e : run.csv.entrySet()) {
            CsvSchema schema = run.schema(e.getKey());
            if (schema == null) {
                continue;
            }
            List<String> keys = configColumns(run, e.getKey());
            for (TextLine r : e.getValue().ok()) {
                out.addAll(of(schema, keys, r));
            }
        }
        return out;
    }

    /** The columns that name a row of a file across runs: its keys, then its match columns (RTT: sp and mp rings). */
    static List<String> configColumns(RunData run, String file) {
        List<String> keys = new ArrayList<>(run.keys(file));
        CsvSchema schema = run.schema(file);
        if (schema != null) {
            schema.match().stream().filter(c -> !keys.contains(c)).forEach(keys::add);
        }
        return keys;
    }

    /** The flags a file's schema raises on a row, space-separated. */
    static String flags(CsvSchema schema, TextLine r) {
        return String.join(" ", schema.flags().stream().filter(f -> f.raisedBy(r.get(f.column()))).map(f -> f.name()).toList());
    }

    private static List<ForkValue> of(CsvSchema schema, List<String> keys, TextLine r) {
        List<ForkValue> out = new ArrayList<>();
        List<RowKey.Cell> cells = new ArrayList<>();
        for (String c : keys) {
            cells.add(new RowKey.Cell(c, r.get(c)));
        }
        RowKey k = new RowKey(cells);
        String config = r.describe(keys);
        String gc = r.has("gc") ? r.get("gc") : r.get("gc_collectors");
        String flags = flags(schema, r);
        for (Metric m : schema.metrics()) {
            double[] v = r.forks(m.column());
            if (v == null && r.get("forks").equals("1") && r.has(m.column())) {
                v = new double[] {r.num(m.column())};
            }
            if (v == null) {
                continue;
            }
            String unit = r.has("unit") ? r.get("unit") : m.unit();
            for (int i = 0; i < v.length; i++) {
                out.add(new ForkValue(schema.file(), config, k, m.column(), i, v[i], unit, m.higherIsBetter(), flags,
                        r.get("java_runtime_version"), gc));
            }
        }
        return out;
    }

    /** The table as CSV text with the run's facts on every line: each line's cells by column, as the file is written. */
    public static String render(RunFacts facts, List<ForkValue> values) {
        List<String> columns = ForkValue.columns();
        List<Map<String, String>> lines = new ArrayList<>();
        for (ForkValue v : values) {
            List<String> cells = v.line(facts);
            Map<String, String> line = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                line.put(columns.get(i), cells.get(i));
            }
            lines.add(line);
        }
        return CsvFormat.render(columns, lines);
    }
}
