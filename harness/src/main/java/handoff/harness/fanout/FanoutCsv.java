package handoff.harness.fanout;

import handoff.harness.results.CsvFormat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The schema of {@code fanout.csv} (documented in results/README.md), and reading it back for the report part. */
public final class FanoutCsv {
    public static final String FILE = "fanout.csv";
    public static final List<String> COLUMNS = List.of("scenario", "variant", "transport", "wait", "producers",
            "consumers", "unit", "throughput_ops", "throughput_lo", "throughput_hi", "interval_level", "ratio_abq",
            "ratio_abq_lo", "ratio_abq_hi", "ratio_abq_p", "vs_abq", "alloc_bytes_per_op", "cpu_ns_per_op", "gc_count", "gc_time_ms",
            "load_pct", "offered_ops", "p50_ns", "p99_ns", "p99_lo_ns", "p99_hi_ns", "max_ns", "samples", "status",
            "oversubscribed", "unstable", "warm_trend_p", "not_warm", "forks", "threads", "cpus", "hgrm");

    private FanoutCsv() {
    }

    /** The rows of {@code <run>/fanout.csv}; empty when the suite did not run. */
    public static List<Map<String, String>> read(Path runDir) throws IOException {
        Path f = runDir.resolve(FILE);
        return Files.isRegularFile(f) ? CsvFormat.parse(Files.readString(f, StandardCharsets.UTF_8)) : List.of();
    }
}
