package handoff.harness.overload;

import handoff.harness.results.CsvSchema;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code overload.csv}'s one column table: the header and schema the file had before the table (so committed runs
 * read the same), and its section of results/README.md generated from it.
 */
class OverloadCsvTest {
    /** The header as OverloadCsv.COLUMNS named it before the table. */
    private static final List<String> HEADER = List.of("transport", "producers", "wait", "work", "capacity", "policy",
            "load_pct", "rate_basis", "saturation_eps", "offered_eps", "offered_achieved_eps", "goodput_eps", "offered", "completed", "rejected",
            "discarded", "rejected_pct", "discarded_pct", "behind_pct", "p50_ns", "p99_ns", "p999_ns", "max_ns", "samples", "censored", "p99_censored", "steady", "warmup_ms",
            "stall_p99_ns", "in_publish_pct", "peak_backlog", "backlog_bound", "within_capacity", "heap_growth_bytes",
            "gc_count", "drain_ms", "timeout_us", "status", "oversubscribed", "forks", "threads", "cpus", "pinning");

    @Test
    void theHeaderIsTheOneCommittedRunsHave() {
        assertThat(OverloadCsv.TABLE.header()).isEqualTo(HEADER);
        assertThat(new OverloadSuite().csvFile()).as("the suite writes the file its table describes").isEqualTo(OverloadCsv.TABLE.file());
    }

    @Test
    void theSchemaIsTheOneTheSuiteDeclaredBeforeTheTable() {
        CsvSchema before = CsvSchema.of(OverloadCsv.FILE, "transport", "producers", "wait", "work", "capacity", "policy", "load_pct")
                .metrics(Metric.higher("goodput_eps", "overload goodput", "events/s"), Metric.lower("p99_ns", "overload p99", "ns"))
                .flags(Flag.OVERSUBSCRIBED, Flag.NOT_STEADY);
        assertThat(new OverloadSuite().schema().files().stream().map(f -> f.withColumns(List.of())).toList()).containsExactly(before);
    }

    @Test
    void theReadmeSectionIsGeneratedFromTheTable() throws IOException {
        ResultsReadme.assertSection("### `overload.csv` (the `overload` suite, `handoff.harness.overload`)", OverloadCsv.TABLE.readme());
    }

    @Test
    void theFileReadsBackThroughItsTable() throws IOException {
        assertThat(ResultsReadme.committedRows("20261126-110444-566b0ac", OverloadCsv.TABLE)).hasSize(112);
    }
}
