package handoff.harness.rtt;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code rtt.csv}'s one column table: the header and schema the file had before the table (so committed runs read the
 * same), and its section of results/README.md generated from it.
 */
class RttCsvTest {
    /** The header as RttSuite.COLUMNS named it before the table. */
    private static final List<String> HEADER = List.of("transport", "producers", "burst", "wait", "producer_model",
            "messages", "idle_policy", "jvm_settings", "mean_ns", "p50_ns", "p90_ns", "p99_ns", "p999_ns", "max_ns",
            "p50_ns_forks", "p99_ns_forks", "samples", "status", "gc_count", "gc_time_ms", "gc_max_pause_ms",
            "alloc_bytes_per_op", "cpu_ns_per_op", "vcsw_per_op", "ivcsw_per_op", "cpu_ns_per_op_producers",
            "cpu_ns_per_op_consumers", "safepoint_ms", "oversubscribed", "forks", "p50_fork_median_ns", "p50_lo_ns",
            "p50_hi_ns", "interval_level", "bimodal", "mode_low_ns", "mode_high_ns", "p99_fork_min_ns", "p99_fork_max_ns",
            "unstable", "threads", "cpus", "pinning", "hgrm", "hlog");

    @Test
    void theHeaderIsTheOneCommittedRunsHave() {
        assertThat(RttCsv.TABLE.header()).isEqualTo(HEADER);
        assertThat(new RttSuite().csvFile()).as("the suite writes the file its table describes").isEqualTo(RttCsv.TABLE.file());
    }

    @Test
    void theSchemaIsTheOneTheSuiteDeclaredBeforeTheTable() {
        CsvSchema before = CsvSchema.of(RttParts.FILE, "transport", "producers", "burst", "wait")
                .matchOn("transport", "producers", "burst", "wait", "producer_model", "messages")
                .metrics(Metric.lower("p50_ns", "RTT p50", "ns").spread("p50_lo_ns", "p50_hi_ns"),
                        Metric.lower("p99_ns", "RTT p99", "ns").spread("p99_fork_min_ns", "p99_fork_max_ns"),
                        Metric.lower("mean_ns", "RTT mean", "ns"))
                .flags(Flag.OVERSUBSCRIBED, Flag.UNSTABLE).inFormat(2);
        assertThat(new RttSuite().schema().files().stream().map(f -> f.withColumns(List.of())).toList()).containsExactly(before);
    }

    @Test
    void theReadmeSectionIsGeneratedFromTheTable() throws IOException {
        ResultsReadme.assertSection("### `rtt.csv` (the `rtt` suite, `handoff.harness.rtt`)", RttCsv.TABLE.readme());
    }

    @Test
    void committedFilesReadBackThroughTheTable() throws IOException {
        for (String run : List.of("20261126-110444-566b0ac", "20261126-153132-9042223")) {
            assertThat(ResultsReadme.committedRows(run, RttCsv.TABLE)).isNotEmpty();
        }
    }
}
