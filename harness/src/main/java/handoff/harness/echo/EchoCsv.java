package handoff.harness.echo;

import handoff.harness.results.CsvFormat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The schema of {@code echo.csv} (documented in results/README.md), and reading it back for the report part. */
public final class EchoCsv {
    public static final String FILE = "echo.csv";
    public static final List<String> COLUMNS = List.of("variant", "transport", "wait", "mode", "clients", "load_pct",
            "offered_rps", "throughput_rps", "p50_ns", "p50_lo_ns", "p50_hi_ns", "interval_level", "p99_ns",
            "p99_lo_ns", "p99_hi_ns", "p999_ns", "max_ns", "mean_ns", "p50_ns_forks", "p99_ns_forks", "samples", "cpu_ns_per_request",
            "cpu_pct", "cpu_pct_forks", "idle_cpu_pct",
            "alloc_bytes_per_request", "gc_count", "gc_time_ms", "lost", "duplicated", "corrupted", "misrouted",
            "p50_minus_inline_ns", "p99_minus_inline_ns", "p50_ratio_inline", "p50_ratio_inline_lo",
            "p50_ratio_inline_hi", "p50_ratio_inline_p", "vs_inline", "warmup_ms", "steady", "steady_forks", "status", "oversubscribed", "unstable", "forks", "threads", "cpus",
            "pinning", "hgrm");

    private EchoCsv() {
    }

    /** The rows of {@code <run>/echo.csv}; empty when the suite did not run. */
    public static List<Map<String, String>> read(Path runDir) throws IOException {
        Path f = runDir.resolve(FILE);
        return Files.isRegularFile(f) ? CsvFormat.parse(Files.readString(f, StandardCharsets.UTF_8)) : List.of();
    }
}
