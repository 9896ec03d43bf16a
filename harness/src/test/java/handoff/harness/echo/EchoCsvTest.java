package handoff.harness.echo;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code echo.csv}'s one column table: the header and schema the file had before the table (so committed runs read
 * the same), and its section of results/README.md generated from it.
 */
class EchoCsvTest {
    /** The header as EchoCsv.COLUMNS named it before the table. */
    private static final List<String> HEADER = List.of("variant", "transport", "wait", "mode", "clients", "load_pct",
            "offered_rps", "throughput_rps", "p50_ns", "p50_lo_ns", "p50_hi_ns", "interval_level", "p99_ns",
            "p99_lo_ns", "p99_hi_ns", "p999_ns", "max_ns", "mean_ns", "p50_ns_forks", "p99_ns_forks", "samples", "cpu_ns_per_request",
            "cpu_pct", "cpu_pct_forks", "idle_cpu_pct",
            "alloc_bytes_per_request", "gc_count", "gc_time_ms", "lost", "duplicated", "corrupted", "misrouted",
            "p50_minus_inline_ns", "p99_minus_inline_ns", "p50_ratio_inline", "p50_ratio_inline_lo",
            "p50_ratio_inline_hi", "p50_ratio_inline_p", "vs_inline", "warmup_ms", "steady", "steady_forks", "status", "oversubscribed", "unstable", "forks", "threads", "cpus",
            "pinning", "hgrm");

    @Test
    void theHeaderIsTheOneCommittedRunsHave() {
        assertThat(EchoCsv.TABLE.header()).isEqualTo(HEADER);
        assertThat(new EchoSuite().csvFile()).as("the suite writes the file its table describes").isEqualTo(EchoCsv.TABLE.file());
    }

    @Test
    void theSchemaIsTheOneTheSuiteDeclaredBeforeTheTable() {
        CsvSchema before = CsvSchema.of(EchoCsv.FILE, "variant", "transport", "wait", "mode", "clients", "load_pct")
                .metrics(Metric.lower("p50_ns", "echo p50", "ns").spread("p50_lo_ns", "p50_hi_ns"),
                        Metric.lower("p99_ns", "echo p99", "ns").spread("p99_lo_ns", "p99_hi_ns"),
                        Metric.higher("throughput_rps", "echo throughput", "requests/s"))
                .flags(Flag.OVERSUBSCRIBED, Flag.UNSTABLE, Flag.NOT_STEADY);
        assertThat(new EchoSuite().schema().files().stream().map(f -> f.withColumns(List.of())).toList()).containsExactly(before);
    }

    @Test
    void theReadmeSectionIsGeneratedFromTheTable() throws IOException {
        ResultsReadme.assertSection("### `echo.csv` (the `echo` suite, `handoff.harness.echo`)", EchoCsv.TABLE.readme());
    }

    @Test
    void committedFilesReadBackThroughTheTable() throws IOException {
        for (String run : List.of("20261126-110444-566b0ac", "20261126-153132-9042223")) {
            assertThat(ResultsReadme.committedRows(run, EchoCsv.TABLE)).isNotEmpty();
        }
    }
}
