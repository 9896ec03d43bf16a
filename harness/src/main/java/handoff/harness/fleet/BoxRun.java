package handoff.harness.fleet;

import handoff.harness.report.Row;
import handoff.harness.trial.Forks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One run as the study across boxes reads it: its facts and, per file, one row per configuration holding its key
 * cells and a {@code <metric>_forks} cell per metric, rebuilt from the long table. A run folder and a fleet database
 * give the same rows, so the study judges both alike.
 *
 * @param facts the run's facts
 * @param rows  file → its rows, in the long table's order
 */
public record BoxRun(RunFacts facts, Map<String, List<Row>> rows) {
    /** The run's rows from its per-fork values. */
    public static BoxRun of(RunFacts facts, List<ForkValue> values) {
        Map<String, Map<String, List<ForkValue>>> byFile = new LinkedHashMap<>(); // file → config → its values
        for (ForkValue v : values) {
            byFile.computeIfAbsent(v.file(), f -> new LinkedHashMap<>()).computeIfAbsent(v.config(), c -> new ArrayList<>()).add(v);
        }
        Map<String, List<Row>> out = new LinkedHashMap<>();
        byFile.forEach((file, configs) -> {
            List<Row> rows = new ArrayList<>();
            configs.forEach((config, vs) -> rows.add(row(file, config, vs)));
            out.put(file, List.copyOf(rows));
        });
        return new BoxRun(facts, out);
    }

    /**
     * One configuration's row as its file would hold it: the key cells of its first value, its flags, its name and, per
     * metric in the order first seen, the values in fork order as a {@code <metric>_forks} cell.
     */
    private static Row row(String file, String config, List<ForkValue> vs) {
        Map<String, List<ForkValue>> byMetric = new LinkedHashMap<>();
        vs.forEach(v -> byMetric.computeIfAbsent(v.metric(), m -> new ArrayList<>()).add(v));
        Map<String, String> cells = new LinkedHashMap<>();
        vs.get(0).keys().cells().forEach(c -> cells.put(c.column(), c.value()));
        cells.put("row_flags", vs.get(vs.size() - 1).rowFlags());
        cells.put("config", config);
        byMetric.forEach((metric, forks) -> cells.put(metric + Forks.FORKS_SUFFIX, forks.stream()
                .sorted(Comparator.comparingInt(ForkValue::fork)).map(v -> ForkValue.exact(v.value())).collect(Collectors.joining(";"))));
        return new Row(file, cells);
    }

    public List<Row> rows(String file) {
        return rows.getOrDefault(file, List.of());
    }
}
