package handoff.harness.fleet;

import handoff.harness.report.Row;
import handoff.harness.trial.Forks;

import java.util.ArrayList;
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
        Map<String, Map<String, Map<String, String>>> byFile = new LinkedHashMap<>();
        Map<String, Map<String, Map<String, List<ForkValue>>>> forks = new LinkedHashMap<>();
        for (ForkValue v : values) {
            Map<String, String> cells = byFile.computeIfAbsent(v.file(), f -> new LinkedHashMap<>())
                    .computeIfAbsent(v.config(), c -> new LinkedHashMap<>(v.keys()));
            cells.put("row_flags", v.rowFlags());
            forks.computeIfAbsent(v.file(), f -> new LinkedHashMap<>()).computeIfAbsent(v.config(), c -> new LinkedHashMap<>())
                    .computeIfAbsent(v.metric(), m -> new ArrayList<>()).add(v);
        }
        Map<String, List<Row>> out = new LinkedHashMap<>();
        byFile.forEach((file, configs) -> {
            List<Row> rows = new ArrayList<>();
            configs.forEach((config, cells) -> {
                Map<String, String> m = new LinkedHashMap<>(cells);
                m.put("config", config);
                forks.get(file).get(config).forEach((metric, vs) -> m.put(metric + Forks.FORKS_SUFFIX, vs.stream()
                        .sorted(java.util.Comparator.comparingInt(ForkValue::fork))
                        .map(v -> ForkValue.exact(v.value())).collect(Collectors.joining(";"))));
                rows.add(new Row(file, m));
            });
            out.put(file, List.copyOf(rows));
        });
        return new BoxRun(facts, out);
    }

    public List<Row> rows(String file) {
        return rows.getOrDefault(file, List.of());
    }
}
