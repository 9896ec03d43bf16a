package handoff.harness.overload;

import handoff.harness.results.CsvFormat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The schema of {@code overload.csv} (documented in results/README.md), and reading it back for the report part. */
public final class OverloadCsv {
    public static final String FILE = "overload.csv";
    public static final List<String> COLUMNS = List.of("transport", "producers", "wait", "work", "capacity", "policy",
            "load_pct", "rate_basis", "saturation_eps", "offered_eps", "offered_achieved_eps", "goodput_eps", "offered", "completed", "rejected",
            "discarded", "rejected_pct", "discarded_pct", "behind_pct", "p50_ns", "p99_ns", "p999_ns", "max_ns", "samples", "censored", "p99_censored", "steady", "warmup_ms",
            "stall_p99_ns", "in_publish_pct", "peak_backlog", "backlog_bound", "within_capacity", "heap_growth_bytes",
            "gc_count", "drain_ms", "timeout_us", "status", "oversubscribed", "forks", "threads", "cpus", "pinning");

    private OverloadCsv() {
    }

    /** The rows of {@code <run>/overload.csv}; empty when the suite did not run. */
    public static List<Map<String, String>> read(Path runDir) throws IOException {
        Path f = runDir.resolve(FILE);
        return Files.isRegularFile(f) ? CsvFormat.parse(Files.readString(f, StandardCharsets.UTF_8)) : List.of();
    }
}
