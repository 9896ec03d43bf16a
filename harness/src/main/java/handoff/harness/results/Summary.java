package handoff.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code summary.json}: the run in one file for tools: the manifest, and every row of every summary CSV
 * with typed values, its flags and its intervals. Schema in results/README.md ({@link #SCHEMA}).
 */
public final class Summary {
    public static final String FILE = "summary.json";
    public static final String SCHEMA = "handoff-summary/1";
    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,18}");
    private static final Pattern DECIMAL = Pattern.compile("-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    /** Columns that bound another column's value: value column -> {low column, high column}. */
    private static final Map<String, String[]> BOUNDS = new java.util.TreeMap<>(Map.of(
            "p99_ns", new String[] {"p99_fork_min_ns", "p99_fork_max_ns"},
            "throughput_eps", new String[] {"throughput_min_eps", "throughput_max_eps"},
            "score", new String[] {"score_min", "score_max"}));
    /** Columns holding a ± half-width of another: value column -> error column. */
    private static final Map<String, String> ERRORS = new java.util.TreeMap<>(Map.of("throughput_eps", "throughput_err",
            "time_ms", "time_err_ms", "score", "score_err"));

    private Summary() {
    }

    /** Writes summary.json from the run folder's manifest and its CSVs (every *.csv at the top). */
    public static void write(Path runDir) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", SCHEMA);
        root.put("run_id", runDir.getFileName().toString());
        Path manifest = runDir.resolve(RunFolder.MANIFEST);
        Object m = null;
        if (Files.isRegularFile(manifest)) {
            try {
                m = Json.parse(Files.readString(manifest, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                m = "unreadable: " + e.getMessage();
            }
        }
        root.put("manifest", m);
        Map<String, Object> files = new LinkedHashMap<>();
        List<Path> csvs;
        try (Stream<Path> s = Files.list(runDir)) {
            csvs = s.filter(f -> f.getFileName().toString().endsWith(".csv") && Files.isRegularFile(f)).sorted().toList();
        }
        for (Path f : csvs) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            Map<String, Object> file = new LinkedHashMap<>();
            file.put("columns", Csv.header(text));
            List<Object> rows = new ArrayList<>();
            for (Map<String, String> r : Csv.parse(text)) {
                rows.add(row(r));
            }
            file.put("rows", rows);
            files.put(f.getFileName().toString(), file);
        }
        root.put("files", files);
        Map<String, Object> related = new LinkedHashMap<>();
        related.put("jmh", Files.isRegularFile(runDir.resolve(JmhMerge.FILE)) ? JmhMerge.FILE : null);
        related.put("spikes", Files.isRegularFile(runDir.resolve(Spikes.FILE)) ? Spikes.FILE : null);
        related.put("latency_over_time", Files.isRegularFile(runDir.resolve(Spikes.TIMELINE)) ? Spikes.TIMELINE : null);
        root.put("related", related);
        AtomicFiles.write(runDir.resolve(FILE), Json.write(root));
    }

    /** One CSV row: typed values, then {@code flags} (columns that are true) and {@code intervals}. */
    static Map<String, Object> row(Map<String, String> r) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<String> flags = new ArrayList<>();
        r.forEach((k, v) -> {
            Object typed = typed(v);
            out.put(k, typed);
            if (Boolean.TRUE.equals(typed)) {
                flags.add(k);
            }
        });
        out.put("flags", flags);
        Map<String, Object> intervals = new LinkedHashMap<>();
        BOUNDS.forEach((col, lohi) -> {
            if (number(r, lohi[0]) != null && number(r, lohi[1]) != null) {
                intervals.put(col, interval(number(r, lohi[0]), number(r, lohi[1]), "min-max over forks"));
            }
        });
        ERRORS.forEach((col, err) -> {
            Double v = number(r, col);
            Double e = number(r, err);
            if (v != null && e != null) {
                intervals.put(col + (intervals.containsKey(col) ? "_err" : ""), interval(v - e, v + e, "± " + err));
            }
        });
        r.keySet().stream().filter(k -> k.endsWith("_lo")).forEach(lo -> {
            String base = lo.substring(0, lo.length() - 3);
            if (number(r, lo) != null && number(r, base + "_hi") != null) {
                intervals.put(base, interval(number(r, lo), number(r, base + "_hi"), base + "_lo/_hi"));
            }
        });
        out.put("intervals", intervals);
        return out;
    }

    private static Map<String, Object> interval(double lo, double hi, String kind) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lo", lo);
        m.put("hi", hi);
        m.put("kind", kind);
        return m;
    }

    private static Double number(Map<String, String> r, String col) {
        String v = r.get(col);
        return v != null && DECIMAL.matcher(v).matches() ? Double.valueOf(v) : null;
    }

    /** "" -> null, true/false -> boolean, integral -> long, decimal -> double, else the string. */
    static Object typed(String v) {
        if (v == null || v.isEmpty()) {
            return null;
        }
        if (v.equals("true") || v.equals("false")) {
            return Boolean.valueOf(v);
        }
        if (INTEGER.matcher(v).matches()) {
            return Long.valueOf(v);
        }
        if (DECIMAL.matcher(v).matches()) {
            return Double.valueOf(v);
        }
        return v;
    }
}
