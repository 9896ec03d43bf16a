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
 * {@code summary.json}: the run in one file for tools: the manifest, and every row of every summary CSV with typed
 * values, its flags and its intervals. What a file holds — its key columns, its metrics with the direction that is
 * better and their unit and spread columns, its flags — comes from the suite that declares it ({@link Schemas}, the
 * registry's), written beside the rows; nothing here names a suite's file or column. Schema in results/README.md
 * ({@link #SCHEMA}).
 */
public final class Summary {
    public static final String FILE = "summary.json";
    public static final String SCHEMA = "handoff-summary/2";
    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,18}");
    private static final Pattern DECIMAL = Pattern.compile("-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private Summary() {
    }

    /** Writes summary.json from the run folder's manifest and its CSVs (every *.csv at the top), with the registry's schemas. */
    public static void write(Path runDir) throws IOException {
        write(runDir, Schemas.registered());
    }

    /** Writes summary.json with the given schemas (the registry's and a test's made-up suite, say). */
    public static void write(Path runDir, Schemas schemas) throws IOException {
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
            CsvSchema declared = schemas.get(f.getFileName().toString());
            Map<String, Object> file = new LinkedHashMap<>();
            file.put("columns", CsvFormat.header(text));
            if (declared != null) {
                file.put("keys", declared.keys());
                file.put("match", declared.match());
                file.put("metrics", declared.metrics().stream().map(Summary::metric).toList());
                file.put("flag_columns", declared.flags().stream().map(Summary::flag).toList());
            }
            List<Object> rows = new ArrayList<>();
            for (Map<String, String> r : CsvFormat.parse(text)) {
                rows.add(row(r, declared));
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

    private static Map<String, Object> metric(Metric m) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("column", m.column());
        o.put("label", m.label());
        o.put("better", m.better().word());
        o.put("unit", m.unit());
        o.put("lo", m.lo());
        o.put("hi", m.hi());
        o.put("err", m.err());
        return o;
    }

    private static Map<String, Object> flag(Flag f) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("name", f.name());
        o.put("column", f.column());
        o.put("value", f.value());
        return o;
    }

    /**
     * One CSV row: typed values, then {@code flags} (the declared flags it raises, then any other column that is
     * true) and {@code intervals} (each declared metric's spread, then any {@code X_lo}/{@code X_hi} pair).
     */
    static Map<String, Object> row(Map<String, String> r, CsvSchema declared) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<String> flags = new ArrayList<>(declared == null ? List.of() : declared.raised(r));
        List<String> flagColumns = declared == null ? List.of() : declared.flags().stream().map(Flag::column).toList();
        r.forEach((k, v) -> {
            Object typed = typed(v);
            out.put(k, typed);
            if (Boolean.TRUE.equals(typed) && !flagColumns.contains(k) && !flags.contains(k)) {
                flags.add(k);
            }
        });
        out.put("flags", flags);
        Map<String, Object> intervals = new LinkedHashMap<>();
        for (Metric m : declared == null ? List.<Metric>of() : declared.metrics()) {
            Double v = number(r, m.column());
            if (m.lo() != null && number(r, m.lo()) != null && number(r, m.hi()) != null) {
                intervals.put(m.column(), interval(number(r, m.lo()), number(r, m.hi()), m.lo() + "/" + m.hi()));
            }
            if (m.err() != null && v != null && number(r, m.err()) != null) {
                double e = number(r, m.err());
                intervals.put(m.column() + (intervals.containsKey(m.column()) ? "_err" : ""), interval(v - e, v + e, "± " + m.err()));
            }
        }
        r.keySet().stream().filter(k -> k.endsWith("_lo")).forEach(lo -> {
            String base = lo.substring(0, lo.length() - 3);
            if (!intervals.containsKey(base) && number(r, lo) != null && number(r, base + "_hi") != null) {
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
