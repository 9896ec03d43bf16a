package handoff.harness.echo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The schema of {@code echo.csv} (documented in results/README.md), and reading it back for the report part. */
public final class EchoCsv {
    public static final String FILE = "echo.csv";
    public static final List<String> COLUMNS = List.of("variant", "transport", "wait", "mode", "clients", "load_pct",
            "offered_rps", "throughput_rps", "p50_ns", "p50_lo_ns", "p50_hi_ns", "interval_level", "p99_ns",
            "p99_lo_ns", "p99_hi_ns", "p999_ns", "max_ns", "mean_ns", "samples", "cpu_ns_per_request",
            "alloc_bytes_per_request", "gc_count", "gc_time_ms", "lost", "duplicated", "corrupted", "misrouted",
            "p50_minus_inline_ns", "p99_minus_inline_ns", "p50_ratio_inline", "p50_ratio_inline_lo",
            "p50_ratio_inline_hi", "vs_inline", "status", "oversubscribed", "unstable", "forks", "threads", "cpus",
            "pinning", "hgrm");

    private EchoCsv() {
    }

    /** The rows of {@code <run>/echo.csv}; empty when the suite did not run. */
    public static List<Map<String, String>> read(Path runDir) throws IOException {
        Path f = runDir.resolve(FILE);
        return Files.isRegularFile(f) ? parse(Files.readString(f, StandardCharsets.UTF_8)) : List.of();
    }

    static List<Map<String, String>> parse(String text) {
        List<Map<String, String>> rows = new ArrayList<>();
        List<String> header = null;
        for (String line : text.split("\r?\n")) {
            if (line.isBlank()) {
                continue;
            }
            List<String> cells = split(line);
            if (header == null) {
                header = cells;
                continue;
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < cells.size() ? cells.get(i) : "");
            }
            rows.add(row);
        }
        return rows;
    }

    /** One line's cells: commas split, double quotes group, {@code ""} inside quotes is a quote. */
    private static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cell.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString());
        return out;
    }
}
